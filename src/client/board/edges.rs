//! Smooth edges where a graphics card draws them. Multisampling is nearly free on a GPU,
//! but a software renderer (SwiftShader in a browser without GPU acceleration, llvmpipe or
//! lavapipe on a machine without a card) draws every sample on the processor: measured on
//! the page's home screen at 800×500 in Chromium's SwiftShader, a frame cost 2.5 times
//! the processor time with 4 samples as with one. There the edges of the discs and rings
//! step a little, and the game keeps its frame rate.

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use wgpu_types::DeviceType;

/// Turns multisampling off on every camera when the renderer is the processor.
pub struct EdgesPlugin;

impl Plugin for EdgesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PostUpdate, drop_samples.run_if(on_software));
    }
}

/// Whether the adapter found is a software renderer (the page finds its adapter a few
/// frames after the start, so this is asked until it is known).
fn on_software(adapter: Option<Res<RenderAdapterInfo>>) -> bool {
    adapter.is_some_and(|info| info.0.device_type == DeviceType::Cpu)
}

/// One sample a pixel on each camera not yet set so.
fn drop_samples(mut cameras: Query<&mut Msaa, With<Camera>>) {
    for mut samples in &mut cameras {
        if *samples != Msaa::Off {
            *samples = Msaa::Off;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::render::renderer::WgpuWrapper;
    use wgpu_types::{AdapterInfo, Backend};

    /// A camera's samples a frame after the adapter is found, `None` for no adapter yet.
    fn samples_with(device_type: Option<DeviceType>) -> Msaa {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, EdgesPlugin));
        let camera = app.world_mut().spawn((Camera::default(), Msaa::Sample4)).id();
        if let Some(device_type) = device_type {
            app.insert_resource(RenderAdapterInfo(WgpuWrapper::new(AdapterInfo {
                name: "a test adapter".into(),
                vendor: 0,
                device: 0,
                device_type,
                device_pci_bus_id: String::new(),
                driver: String::new(),
                driver_info: String::new(),
                backend: Backend::Vulkan,
                subgroup_min_size: 4,
                subgroup_max_size: 4,
                transient_saves_memory: false,
            })));
        }
        app.update();
        *app.world().get::<Msaa>(camera).unwrap()
    }

    #[test]
    fn a_software_renderer_draws_one_sample_a_pixel() {
        assert_eq!(samples_with(Some(DeviceType::Cpu)), Msaa::Off);
    }

    #[test]
    fn a_graphics_card_keeps_smooth_edges() {
        for card in [DeviceType::DiscreteGpu, DeviceType::IntegratedGpu, DeviceType::Other] {
            assert_eq!(samples_with(Some(card)), Msaa::Sample4, "{card:?}");
        }
        assert_eq!(samples_with(None), Msaa::Sample4, "before the adapter is known");
    }
}
