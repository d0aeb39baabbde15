// The computer's thinking, off the page's frames: the same module as the game, asked by
// the page (src/client/thinking.rs) with the question's bytes and a port to answer on.
import init, { carrom_think } from "/carrom.js";

const ready = init();

self.onmessage = async (event) => {
  const [port] = event.ports;
  try {
    await ready;
  } catch (error) {
    // winit's start-up exception cannot happen here (no page), but the module may fail.
    if (!String(error).includes("Using exceptions for control flow")) {
      port.postMessage(new Uint8Array(0));
      return;
    }
  }
  port.postMessage(carrom_think(new Uint8Array(event.data)));
};
