"use strict";
// Put by the build (playable/search_later.py) before Material's search worker. Material
// sends the worker the whole search index as every page loads, and the worker builds it at once
// (lunr, both languages: 0.5-0.7 s of a core on a 2-core server, beside the page's first paint). This
// holds every message until a page of the site says that a reader has reached for the search
// (parcours.mjs, on the channel below), then hands them on, in order. Material sends its queries
// only once the index is built, so a query typed meanwhile waits for it, and is answered.
(() => {
  if (typeof BroadcastChannel === "undefined") return; // nothing could release them: build at once
  /** @type {unknown[] | null} the messages held, null once released */
  let held = [];
  const channel = new BroadcastChannel("parcours-search");
  const release = () => {
    if (!held) return;
    const messages = held;
    held = null;
    channel.close();
    for (const data of messages) self.dispatchEvent(new MessageEvent("message", { data }));
  };
  channel.onmessage = ({ data }) => { if (data === "open") release(); };
  // Registered before Material's own listener (below), so called first.
  self.addEventListener("message", (event) => {
    if (!held) return;
    event.stopImmediatePropagation();
    held.push(event.data);
  });
  channel.postMessage("waiting"); // a page whose search is open already answers "open"
})();
