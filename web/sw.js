// Keeps the game's files on the device, so that after one visit the page opens with no
// network at all (a match against the computer or pass-and-play needs none).
//
// Network first, the kept copy when the network fails: the server answers "not changed"
// in a few bytes when a file is the same, and carrom.js and carrom_bg.wasm must always
// come from one build, which serving a kept copy while fetching a newer one could break.
// Only this origin's GET requests are touched; the signaling server's WebSockets never
// pass through a service worker.
const KEPT = "carrom";
const FILES = [
  "/", "/index.html", "/carrom.js", "/carrom_bg.wasm", "/thinker.js",
  "/manifest.webmanifest", "/icon-192.png", "/icon-512.png", "/icon-maskable-512.png",
  // Every language's faces and words: a page first seen in English must open in Hindi
  // offline.
  "/assets/fonts/NotoSans-Regular.ttf", "/assets/fonts/NotoSans-Bold.ttf",
  "/assets/fonts/NotoSansDevanagari-Regular.ttf", "/assets/fonts/NotoSansDevanagari-Bold.ttf",
  "/assets/fonts/NotoSansBengali-Regular.ttf", "/assets/fonts/NotoSansBengali-Bold.ttf",
  "/assets/fonts/NotoSansTamil-Regular.ttf", "/assets/fonts/NotoSansTamil-Bold.ttf",
  "/assets/fonts/NotoNaskhArabic-Regular.ttf", "/assets/fonts/NotoNaskhArabic-Bold.ttf",
  "/assets/fonts/LanguageNames-Deva.ttf", "/assets/fonts/LanguageNames-Beng.ttf",
  "/assets/fonts/LanguageNames-Taml.ttf", "/assets/fonts/LanguageNames-Arab.ttf",
  "/assets/locales/hi.ftl", "/assets/locales/mr.ftl", "/assets/locales/bn.ftl",
  "/assets/locales/ta.ftl", "/assets/locales/ur.ftl", "/assets/locales/el.ftl",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(KEPT).then((kept) => kept.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // Every page of the game (an invite's /join/CODE too) is the one index.html.
  const page = request.mode === "navigate";
  const key = page ? "/" : url.pathname;
  event.respondWith(
    fetch(request).then((answer) => {
      if (answer.ok) {
        const copy = answer.clone();
        caches.open(KEPT).then((kept) => kept.put(key, copy));
      }
      return answer;
    }).catch(() => caches.open(KEPT).then((kept) => kept.match(key)).then((kept) => kept || Response.error())),
  );
});
