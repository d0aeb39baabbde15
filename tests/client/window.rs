//! The real binary in a real window: Xvfb with software Vulkan (lavapipe), and a real
//! PulseAudio server with a null sink. `carrom --smoke-test DIR` shows Home, starts a
//! three-player Freestyle match and breaks; the screenshots it saves are checked here for
//! the board, the pieces and the HUD, and the sink's monitor for the break's sound. Skips
//! with a reason when Xvfb or PulseAudio is missing, except under CI=true, where that is a
//! failure.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 800;

/// Xvfb on a free display, killed when dropped.
struct Xvfb {
    child: Child,
    display: String,
    number: u32,
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Killed outright, the server leaves its socket and lock behind: they are ours.
        let _ = std::fs::remove_file(format!("/tmp/.X11-unix/X{}", self.number));
        let _ = std::fs::remove_file(format!("/tmp/.X{}-lock", self.number));
    }
}

/// An Xvfb server on a display it chose itself and named on its stdout (`-displayfd`):
/// tests starting theirs at the same moment never end up sharing one.
fn start_xvfb() -> Result<Xvfb, String> {
    // Room for the largest window the smoke run opens.
    let mut child = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", "2560x1440x24", "-nolisten", "tcp"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("Xvfb could not start: {e}"))?;
    let stdout = child.stdout.take().expect("Xvfb's stdout");
    let (said, heard) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line);
        let _ = said.send(line);
    });
    let number =
        heard.recv_timeout(Duration::from_secs(15)).ok().and_then(|l| l.trim().parse().ok());
    let Some(number) = number else {
        let _ = child.kill();
        let _ = child.wait();
        return Err("Xvfb did not open a display within 15 s".into());
    };
    Ok(Xvfb { child, display: format!(":{number}"), number })
}

/// A PulseAudio server on a null sink in its own runtime directory, and `parec` recording
/// the sink's monitor; both killed when dropped.
struct Pulse {
    server: Child,
    recorder: Option<Child>,
    runtime: PathBuf,
    recording: PathBuf,
}

impl Drop for Pulse {
    fn drop(&mut self) {
        if let Some(mut recorder) = self.recorder.take() {
            let _ = recorder.kill();
            let _ = recorder.wait();
        }
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

impl Pulse {
    /// Stops recording and returns the loudest sample heard.
    fn loudest(&mut self) -> i16 {
        if let Some(mut recorder) = self.recorder.take() {
            let _ = recorder.kill();
            let _ = recorder.wait();
        }
        let bytes = std::fs::read(&self.recording).unwrap_or_default();
        bytes
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]).saturating_abs())
            .max()
            .unwrap_or(0)
    }
}

fn start_pulse(dir: &Path) -> Result<Pulse, String> {
    let runtime = dir.join("pulse-runtime");
    let _ = std::fs::remove_dir_all(&runtime);
    std::fs::create_dir_all(&runtime).map_err(|e| e.to_string())?;
    let server = Command::new("pulseaudio")
        .args(["--daemonize=no", "--exit-idle-time=-1", "-n", "--disable-shm"])
        .arg("--load=module-null-sink sink_name=carrom_test")
        .arg("--load=module-native-protocol-unix auth-anonymous=1")
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("HOME", &runtime)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("pulseaudio could not start: {e}"))?;
    let mut pulse = Pulse {
        server,
        recorder: None,
        runtime: runtime.clone(),
        recording: dir.join("sound.raw"),
    };
    let socket = runtime.join("pulse").join("native");
    let deadline = Instant::now() + Duration::from_secs(15);
    while !socket.exists() {
        if Instant::now() > deadline {
            return Err("the PulseAudio server did not open its socket within 15 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = std::fs::File::create(&pulse.recording).map_err(|e| e.to_string())?;
    let recorder = Command::new("parec")
        .args(["-d", "carrom_test.monitor", "--format=s16le", "--channels=1", "--rate=44100"])
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("HOME", &runtime)
        .stdout(out)
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("parec could not start: {e}"))?;
    pulse.recorder = Some(recorder);
    Ok(pulse)
}

fn skip_or_fail(reason: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("the windowed smoke test cannot run under CI: {reason}");
    }
    eprintln!(
        "SKIPPED: windowed smoke test: {reason} (install xvfb mesa-vulkan-drivers libvulkan1)"
    );
}

/// Runs `command` to completion, at most `limit`; returns its stdout.
fn run_bounded(mut command: Command, limit: Duration) -> String {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap();
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut out = String::new();
            std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut out).unwrap();
            assert!(status.success(), "the smoke run failed ({status}); stdout: {out}");
            return out;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the smoke run took longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// An 8-bit RGB or RGBA image.
struct Picture {
    width: u32,
    height: u32,
    channels: u32,
    rgba: Vec<u8>,
}

impl Picture {
    fn load(path: &Path) -> Picture {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().unwrap();
        let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut rgba).unwrap();
        rgba.truncate(info.buffer_size());
        let channels = match info.color_type {
            png::ColorType::Rgba => 4,
            png::ColorType::Rgb => 3,
            other => panic!("{}: unexpected colour type {other:?}", path.display()),
        };
        assert_eq!(info.bit_depth, png::BitDepth::Eight, "{}", path.display());
        Picture { width: info.width, height: info.height, channels, rgba }
    }

    fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * self.channels) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// Pixels within `tolerance` of `colour` in the box [x0, x1) × [y0, y1).
    fn count(
        &self,
        (x0, y0, x1, y1): (u32, u32, u32, u32),
        colour: [u8; 3],
        tolerance: i32,
    ) -> usize {
        let mut n = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                let p = self.pixel(x, y);
                if (0..3).all(|c| (p[c] as i32 - colour[c] as i32).abs() <= tolerance) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Pixels brighter than `level` (every channel) in the box.
    fn bright(&self, (x0, y0, x1, y1): (u32, u32, u32, u32), level: u8) -> usize {
        let mut n = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                n += usize::from(self.pixel(x, y).iter().all(|&c| c >= level));
            }
        }
        n
    }
}

/// Perceived brightness, 0–255.
fn luma(p: [u8; 3]) -> i32 {
    (299 * p[0] as i32 + 587 * p[1] as i32 + 114 * p[2] as i32) / 1000
}

/// The window's own colour, where nothing is drawn (palette::BACKDROP).
fn backdrop(p: [u8; 3]) -> bool {
    [26u8, 28, 33].iter().zip(p).all(|(&a, b)| a.abs_diff(b) <= 6)
}

/// A warm wood tone: red over green over blue, well apart.
fn wooden(p: [u8; 3]) -> bool {
    p[0] >= 120 && p[0] > p[1] && p[1] > p[2] && p[0] as i32 - p[2] as i32 >= 45
}

/// The cream of a white piece's face.
fn cream(p: [u8; 3]) -> bool {
    let (lo, hi) = (*p.iter().min().unwrap(), *p.iter().max().unwrap());
    lo >= 185 && hi - lo <= 50
}

/// The near-black of a black piece's face.
fn ebony(p: [u8; 3]) -> bool {
    let (lo, hi) = (*p.iter().min().unwrap(), *p.iter().max().unwrap());
    hi <= 70 && hi - lo <= 14
}

/// How many of `values` there are, and how far apart their 5th and 95th percentiles lie.
fn spread(mut values: Vec<i32>) -> (usize, i32) {
    values.sort_unstable();
    let n = values.len();
    if n == 0 {
        return (0, 0);
    }
    (n, values[n * 95 / 100] - values[n * 5 / 100])
}

impl Picture {
    /// The pixels of the box.
    fn pixels(&self, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> Vec<[u8; 3]> {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .map(|(x, y)| self.pixel(x, y))
            .collect()
    }

    /// How many pixels of the box pass `test`, and the spread of their brightness.
    fn shading(&self, area: (u32, u32, u32, u32), test: fn([u8; 3]) -> bool) -> (usize, i32) {
        spread(self.pixels(area).into_iter().filter(|&p| test(p)).map(luma).collect())
    }

    /// The mean colour of the box.
    fn mean(&self, area: (u32, u32, u32, u32)) -> [f64; 3] {
        let pixels = self.pixels(area);
        let n = pixels.len().max(1) as f64;
        core::array::from_fn(|c| pixels.iter().map(|p| p[c] as f64).sum::<f64>() / n)
    }

    /// The pocket nearest the window point (x, y), and how far its centre is, pixels.
    fn nearest_pocket(&self, x: f64, y: f64) -> (usize, f64) {
        let preset = carrom::sim::PresetId::Standard.preset();
        let cm = |fx: carrom::sim::Fx| fx.0 as f64 / carrom::sim::Fx::PER_CM as f64;
        // The camera shows 90 cm of height and 90 / 0.62 cm of width, whichever is tighter.
        let k = (self.width as f64 / (90.0 / 0.62)).min(self.height as f64 / 90.0);
        let offset = cm(preset.pocket_offset()) * k;
        let (cx, cy) = (self.width as f64 / 2.0, self.height as f64 / 2.0);
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .iter()
            .map(|(sx, sy)| (cx + sx * offset - x).hypot(cy + sy * offset - y))
            .enumerate()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap()
    }
}

/// The middle of the board in a match picture: well inside the frame and the pockets.
/// Pixels per world unit: the camera shows at least 145 × 90 units.
fn pixels_per_unit(picture: &Picture) -> f64 {
    (picture.width as f64 / (90.0 / 0.62)).min(picture.height as f64 / 90.0)
}

/// The window point where the draughts board's middle is drawn: in the middle of what the
/// HUD's right 22 % leaves.
fn draughts_middle(picture: &Picture) -> (f64, f64) {
    (picture.width as f64 * 0.39, picture.height as f64 / 2.0)
}

/// The draughts board's 64 squares, without the frame.
fn draughts_squares(picture: &Picture) -> (u32, u32, u32, u32) {
    let (x, y) = draughts_middle(picture);
    let half = 36.0 * pixels_per_unit(picture) - 2.0;
    ((x - half) as u32, (y - half) as u32, (x + half) as u32, (y + half) as u32)
}

/// The inside of the square drawn at screen row `r` and column `c` (0–7 from the top left).
fn square_box(picture: &Picture, r: u32, c: u32) -> (u32, u32, u32, u32) {
    let (x, y) = draughts_middle(picture);
    let side = 9.0 * pixels_per_unit(picture);
    let (left, top) = (x + (c as f64 - 4.0) * side, y + (r as f64 - 4.0) * side);
    let inset = side * 0.3;
    (
        (left + inset) as u32,
        (top + inset) as u32,
        (left + side - inset) as u32,
        (top + side - inset) as u32,
    )
}

/// The draughts board in a picture: light and dark squares of grained wood, shaded men of
/// both colours, the kings' gold crowns, no wood under the HUD's panel and text in it.
fn draughts_board_is_drawn(picture: &Picture) {
    let name = format!("{}x{}", picture.width, picture.height);
    let squares = draughts_squares(picture);
    let area = ((squares.2 - squares.0) * (squares.3 - squares.1)) as usize;
    let dark_wood = |p: [u8; 3]| p[0] > p[1] && p[1] > p[2] && (45..=125).contains(&luma(p));
    let light_wood = |p: [u8; 3]| p[0] as i32 > p[2] as i32 + 25 && (175..=245).contains(&luma(p));
    let (dark, dark_grain) = picture.shading(squares, dark_wood);
    let (light, light_grain) = picture.shading(squares, light_wood);
    println!(
        "{name}: dark squares {dark} px, grain {dark_grain}; light {light} px, grain {light_grain}"
    );
    assert!(
        dark * 5 > area && light * 5 > area,
        "{name}: both kinds of square ({dark}, {light} of {area})"
    );
    assert!(
        dark_grain >= 8 && light_grain >= 6,
        "{name}: the squares are grained wood ({dark_grain}, {light_grain})"
    );
    let red = |p: [u8; 3]| p[0] > 120 && p[0] as i32 > 3 * p[1] as i32 && p[1].abs_diff(p[2]) < 30;
    let (reds, red_shading) = picture.shading(squares, red);
    let (blacks, black_shading) = picture.shading(squares, ebony);
    assert!(reds > 1_000 && red_shading >= 20, "{name}: red men, shaded ({reds}, {red_shading})");
    assert!(
        blacks > 1_000 && black_shading >= 8,
        "{name}: black men, shaded ({blacks}, {black_shading})"
    );
    let gold = picture.count(squares, [250, 205, 85], 45);
    assert!(gold > 60, "{name}: the two kings are crowned ({gold} gold pixels)");
    // Between the board and the panel only the background: the board ends well short of it.
    let (w, h) = (picture.width, picture.height);
    let margin = (w * 68 / 100, h / 10, w * 77 / 100, h * 9 / 10);
    let wood = |p: [u8; 3]| dark_wood(p) || light_wood(p);
    let covered = picture.pixels(margin).into_iter().filter(|&p| wood(p)).count();
    assert!(
        covered < 20,
        "{name}: the board is clear of the HUD ({covered} wood pixels beside it)"
    );
    assert!(picture.bright((w * 79 / 100, 0, w, h), 200) > 300, "{name}: the HUD has text");
}

fn board_middle(picture: &Picture) -> (u32, u32, u32, u32) {
    let (w, h) = (picture.width, picture.height);
    (w / 2 - h * 3 / 10, h / 5, w / 2 + h * 3 / 10, h * 4 / 5)
}

#[test]
fn home_and_a_break_render_in_a_real_window() {
    let xvfb = match start_xvfb() {
        Ok(x) => x,
        Err(reason) => return skip_or_fail(&reason),
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("smoke-screenshots");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let home = dir.join("home-dir");
    let mut pulse = match start_pulse(&dir) {
        Ok(pulse) => Some(pulse),
        Err(reason) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("the sound check cannot run under CI: {reason}")
        }
        Err(reason) => {
            eprintln!("SKIPPED: the sound check: {reason} (install pulseaudio pulseaudio-utils)");
            None
        }
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_carrom"));
    if let Some(pulse) = &pulse {
        command.env("XDG_RUNTIME_DIR", &pulse.runtime).env_remove("PULSE_SERVER");
    }
    command
        .arg("--smoke-test")
        .arg(&dir)
        .args(["--window-size", &format!("{WIDTH}x{HEIGHT}")])
        .env("DISPLAY", &xvfb.display)
        .env("CARROM_HOME", &home)
        .env_remove("WAYLAND_DISPLAY");
    let out = run_bounded(command, Duration::from_secs(300));
    let report = out.lines().last().unwrap_or_default();
    println!("smoke run: {report}");
    println!("screenshots: {}", dir.display());
    let figures: serde_json::Value = serde_json::from_str(report).expect("a JSON line of figures");
    assert!(figures["first_frame_ms"].as_u64().unwrap() > 0);
    assert!(figures["break_frames"].as_u64().unwrap() > 0, "frames were drawn during the break");

    if let Some(pulse) = pulse.as_mut() {
        let loudest = pulse.loudest();
        println!("loudest sample on the sink: {loudest}");
        assert!(loudest > 1_000, "the break was heard on the sound server ({loudest})");
    }

    // No text anywhere is off the window, cut off, squeezed or over another.
    let audits = figures["text_problems"].as_object().expect("text audits in the figures");
    assert_eq!(audits.len(), 15, "fifteen screens audited: {audits:?}");
    for (screen, found) in audits {
        assert_eq!(found.as_array().map(Vec::len), Some(0), "texts on {screen}: {found}");
    }

    // Home: the title, the menu's labels, and the bot's match on the board beside them.
    for (name, size) in [
        ("home.png", (WIDTH, HEIGHT)),
        ("home-1024x768.png", (1024, 768)),
        ("home-1920x1080.png", (1920, 1080)),
        ("home-2560x1440.png", (2560, 1440)),
    ] {
        let home = Picture::load(&dir.join(name));
        assert_eq!((home.width, home.height), size, "{name}");
        let everywhere = (0, 0, home.width, home.height);
        let title = home.count(everywhere, [250, 189, 77], 30);
        assert!(title > 500, "{name}: the orange title is drawn ({title} pixels)");
        let text = home.bright(everywhere, 200);
        assert!(text > 1_500, "{name}: button labels are drawn ({text} bright pixels)");
        let beside =
            (home.width * 66 / 100, home.height / 4, home.width * 95 / 100, home.height * 3 / 4);
        let area = ((beside.2 - beside.0) * (beside.3 - beside.1)) as usize;
        let wood = home.pixels(beside).into_iter().filter(|&p| wooden(p)).count();
        assert!(wood * 2 > area, "{name}: the board shows beside the menu ({wood} of {area})");
    }

    // A phone held upright: the board on top, the window's width across, and under it the
    // menu (on Home) or the HUD (in a match).
    for name in
        ["home-390x844.png", "home-360x640.png", "match-390x844.png", "draughts-390x844.png"]
    {
        let upright = Picture::load(&dir.join(name));
        assert!(upright.height > upright.width, "{name}: upright");
        let (w, h) = (upright.width, upright.height);
        let top = if name.starts_with("home") {
            (w * 3 / 8, h / 20, w * 5 / 8, h / 6)
        } else {
            (w / 4, w / 4, w * 3 / 4, w * 3 / 4)
        };
        let area = ((top.2 - top.0) * (top.3 - top.1)) as usize;
        let board = upright.pixels(top).into_iter().filter(|&p| !backdrop(p)).count();
        assert!(board * 10 > area * 9, "{name}: the board is drawn on top ({board} of {area})");
        let under = (0, h * 3 / 4, w, h);
        let text = upright.bright(under, 200);
        assert!(text > 300, "{name}: words under the board ({text} bright pixels)");
    }

    let aim = Picture::load(&dir.join("aim.png"));
    let middle = (aim.width / 3, 0, aim.width * 2 / 3, aim.height);
    let guide = aim.count(middle, [255, 255, 255], 40);
    assert!(guide > 40, "the aiming guide is drawn ({guide} pixels)");

    // Mid-break: a wooden surface with a grain, pieces shaded (a bevel and a highlight,
    // not a flat disc), the queen with her star.
    let game = Picture::load(&dir.join("game.png"));
    let (w, h) = (game.width, game.height);
    let board = board_middle(&game);
    let area = ((board.2 - board.0) * (board.3 - board.1)) as usize;
    let (wood, grain) = game.shading(board, wooden);
    assert!(wood * 10 > area * 7, "the surface is wood ({wood} of {area})");
    assert!((6..=70).contains(&grain), "the wood has a grain, not a flat colour ({grain})");
    let (whites, white_shading) = game.shading(board, cream);
    let (blacks, black_shading) = game.shading(board, ebony);
    println!(
        "white pieces: {whites} pixels, shading {white_shading}; black: {blacks}, {black_shading}"
    );
    assert!(
        whites > 300 && white_shading >= 12,
        "white pieces, shaded ({whites}, {white_shading})"
    );
    assert!(blacks > 300 && black_shading >= 8, "black pieces, shaded ({blacks}, {black_shading})");
    let queen = game.count(board, [204, 26, 36], 40);
    let star = game.count(board, [255, 214, 89], 45);
    assert!(queen > 30 && star > 5, "the queen shows with her star ({queen}, {star} pixels)");
    // The power meter: full while pulled back (aim.png), empty in motion (game.png).
    let hud = (w * 82 / 100, 0, w, h);
    let (pulled, struck) =
        (aim.count(hud, [250, 189, 77], 40), game.count(hud, [250, 189, 77], 40));
    assert!(pulled > struck + 1_000, "the power meter fills ({pulled} vs {struck} pixels)");
    let left_panel = (0, 0, w * 18 / 100, h);
    let right_panel = (w * 82 / 100, 0, w, h);
    assert!(game.bright(left_panel, 200) > 300, "the scores panel has text");
    assert!(game.count(right_panel, [250, 189, 77], 40) > 100, "the turn is shown in the HUD");
    // (Surface tones only: the lit card's orange edge is warm too.)
    let covered = game.count(left_panel, [228, 198, 146], 25);
    assert!(covered < 50, "the HUD is not covered by the board ({covered} surface pixels)");

    // A piece going down: pictured where the run saw it, near a pocket, over the lip.
    let pocketing = Picture::load(&dir.join("pocketing.png"));
    let at = figures["dropping_at"].as_array().expect("a piece was pictured dropping");
    let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    let (pocket, distance) = pocketing.nearest_pocket(x, y);
    println!("dropping at ({x}, {y}), {distance:.1} px from pocket {pocket}");
    assert!(distance < 50.0, "the dropping piece is at a pocket ({distance:.1} px away)");
    // Where it is, the picture differs from the same stroke's earlier one (the empty
    // pocket): the piece's face and bevel over the dark net.
    let near = (x as u32 - 10, y as u32 - 10, x as u32 + 11, y as u32 + 11);
    let changed = pocketing
        .pixels(near)
        .into_iter()
        .zip(game.pixels(near))
        .filter(|(a, b)| (luma(*a) - luma(*b)).abs() > 12)
        .count();
    println!("{changed} of 441 pixels at the pocket changed");
    assert!(changed > 60, "the piece is drawn going down ({changed} of 441 pixels changed)");

    // After the stroke: the striker's path stays a moment (pale blue, which no wood or
    // piece is but the striker's own marks), and the tally holds the pocketed pieces.
    let after = Picture::load(&dir.join("after-stroke.png"));
    let bluish = |p: [u8; 3]| p[2] as i32 > p[0] as i32 + 15 && p[2] > 150;
    let path = after.pixels(board_middle(&after)).into_iter().filter(|&p| bluish(p)).count();
    let striker_only = aim.pixels(board_middle(&aim)).into_iter().filter(|&p| bluish(p)).count();
    assert!(path > striker_only + 150, "the striker's path shows ({path} vs {striker_only})");
    let tally = figures["tally"].as_array().expect("the tally was counted");
    let (shown, credited) = (tally[0].as_u64().unwrap(), tally[1].as_u64().unwrap());
    assert!(credited > 0 && shown == credited, "the tally shows {shown} of {credited} pieces");

    // The themes: each its own surface; high contrast marks the black pieces with white.
    let themes: Vec<Picture> = ["classic-wood", "tournament-light", "high-contrast"]
        .iter()
        .map(|t| Picture::load(&dir.join(format!("theme-{t}.png"))))
        .collect();
    let means: Vec<[f64; 3]> = themes.iter().map(|t| t.mean(board_middle(t))).collect();
    for i in 0..means.len() {
        for j in i + 1..means.len() {
            let d: f64 = (0..3).map(|c| (means[i][c] - means[j][c]).powi(2)).sum::<f64>().sqrt();
            assert!(
                d > 8.0,
                "themes {i} and {j} look different ({:?} vs {:?})",
                means[i],
                means[j]
            );
        }
    }
    let (classic_wood, _) = themes[0].shading(board_middle(&themes[0]), wooden);
    assert!(classic_wood * 10 > area * 7, "classic wood is wood ({classic_wood})");
    let plain = themes[2].count(board_middle(&themes[2]), [242, 237, 179], 14);
    assert!(plain * 2 > area, "high contrast: a plain light surface ({plain} of {area})");
    let bands = |t: &Picture| t.count(board_middle(t), [255, 255, 255], 5);
    let (marked, unmarked) = (bands(&themes[2]), bands(&themes[0]));
    assert!(
        marked > 100 && marked > unmarked * 3,
        "high contrast bands the black pieces ({marked} vs {unmarked})"
    );

    // Draughts (CK-12): the board beside its panel in inlaid woods, the men shaded and the
    // kings crowned, the man picked up, rings where it may land, crosses on the men it
    // would jump, and the HUD's counts; after the capture, the last move's squares glow.
    let draughts = Picture::load(&dir.join("draughts.png"));
    draughts_board_is_drawn(&draughts);
    let squares = draughts_squares(&draughts);
    let rings = draughts.count(squares, [102, 230, 128], 30);
    assert!(rings > 100, "rings show where the man may land ({rings} pixels)");
    let crosses = draughts.count(squares, [242, 242, 242], 14);
    assert!(crosses > 100, "the men to be jumped are crossed ({crosses} pixels)");
    let held = draughts.count(squares, [89, 191, 255], 30);
    assert!(held > 50, "the man picked up is marked ({held} pixels)");
    let capture = Picture::load(&dir.join("draughts-capture.png"));
    // Square 10 (the man's start) glows; square 9 in the same row is the same wood, unlit.
    let (lit, unlit) =
        (capture.mean(square_box(&capture, 5, 4)), capture.mean(square_box(&capture, 5, 6)));
    println!("the last move's square {lit:?}, another {unlit:?}");
    assert!(
        lit[0] > unlit[0] + 15.0 && lit[1] > unlit[1] + 12.0,
        "the last move's square glows ({lit:?} against {unlit:?})"
    );
    let large = Picture::load(&dir.join("draughts-1920x1080.png"));
    assert_eq!((large.width, large.height), (1920, 1080));
    draughts_board_is_drawn(&large);
    let draughts_home = Picture::load(&dir.join("home-draughts.png"));
    let everywhere = (0, 0, w, h);
    let chosen = draughts_home.count(everywhere, [140, 90, 40], 40);
    assert!(chosen > 1_000, "Home shows the chosen options ({chosen} pixels)");
}

/// Pixels that differ between two pictures of one size.
fn differing(a: &Picture, b: &Picture) -> usize {
    assert_eq!((a.width, a.height), (b.width, b.height));
    let mut n = 0;
    for y in 0..a.height {
        for x in 0..a.width {
            let (p, q) = (a.pixel(x, y), b.pixel(x, y));
            n += usize::from((0..3).any(|i| (i32::from(p[i]) - i32::from(q[i])).abs() > 24));
        }
    }
    n
}

/// Every language in a real window (`carrom --language-test`): Home, How to play and a
/// match's HUD, draughts' rules and a draughts game each show the language's own words, every letter has a glyph in the
/// built-in faces, no text is cut off or overlaps, and Urdu's screens are mirrored.
#[test]
fn every_language_is_drawn_whole_and_urdu_is_mirrored() {
    let xvfb = match start_xvfb() {
        Ok(x) => x,
        Err(reason) => return skip_or_fail(&reason),
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("language-screenshots");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_carrom"));
    command
        .arg("--language-test")
        .arg(&dir)
        .args(["--window-size", &format!("{WIDTH}x{HEIGHT}")])
        .env("DISPLAY", &xvfb.display)
        .env("CARROM_HOME", dir.join("home-dir"))
        .env_remove("WAYLAND_DISPLAY");
    let out = run_bounded(command, Duration::from_secs(300));
    let report = out.lines().last().unwrap_or_default();
    println!("language tour: {report}\nscreenshots: {}", dir.display());
    let toured: serde_json::Value = serde_json::from_str(report).expect("a JSON line of findings");
    let toured = toured.as_array().expect("one entry per language");
    let codes: Vec<&str> = toured.iter().map(|t| t["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["en", "hi", "mr", "bn", "ta", "ur", "el"]);
    for language in toured {
        let code = language["code"].as_str().unwrap();
        let screens = language["screens"].as_array().unwrap();
        assert_eq!(
            screens.len(),
            6,
            "{code}: Home, How to play, the HUD, draughts' rules and game, failures"
        );
        for seen in screens {
            let screen = seen["screen"].as_str().unwrap();
            assert!(seen["texts"].as_u64().unwrap() >= 4, "{code} {screen}: texts drawn");
            assert_eq!(seen["found"], true, "{code} {screen}: its own words are shown");
            assert_eq!(seen["missing"].as_array().unwrap().len(), 0, "{code} {screen}: {seen}");
            assert_eq!(seen["problems"].as_array().unwrap().len(), 0, "{code} {screen}: {seen}");
            // Failures of the network and of the files, typed errors carried to the screen,
            // are said with no English word in any other language.
            let latin = seen["latin"].as_array().unwrap();
            if screen == "failure" && code == "en" {
                assert!(latin.len() > 10, "English's failures are read as words: {seen}");
            } else {
                assert!(latin.is_empty(), "{code} {screen}: English in the notice: {seen}");
            }
        }
        let (turn, menu) =
            (language["turn_x"].as_f64().unwrap(), language["menu_x"].as_f64().unwrap());
        // The draughts board sits beside the HUD's panel, whichever side that is on.
        let board = language["board_x"].as_f64().unwrap();
        if code == "ur" {
            assert!(turn < 0.5 && menu > 0.5, "Urdu is mirrored: turn at {turn}, menu at {menu}");
            assert!(board > 0.5, "Urdu's draughts board is right of its panel: {board}");
        } else {
            assert!(turn > 0.5 && menu < 0.5, "{code} reads left to right: {turn}, {menu}");
            assert!(board > 0.0 && board < 0.5, "{code}'s draughts board is left of its panel");
        }
    }
    // The words differ from English's on every screen, so each language was drawn.
    for screen in ["home", "how-to-play", "hud", "how-to-play-draughts", "draughts", "failure"] {
        let english = Picture::load(&dir.join(format!("{screen}-en.png")));
        assert_eq!((english.width, english.height), (WIDTH, HEIGHT));
        for code in ["hi", "mr", "bn", "ta", "ur", "el"] {
            let other = Picture::load(&dir.join(format!("{screen}-{code}.png")));
            let changed = differing(&english, &other);
            assert!(
                changed > 2_000,
                "{screen}-{code}.png differs from English in {changed} pixels"
            );
        }
    }
}
