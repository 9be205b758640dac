"""Serve the built site under the same subpath as on GitHub Pages (default /parcours/).

    .venv/bin/python scripts/serve.py [--port 8000] [--base /parcours/] [--root site]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import re
from pathlib import Path

COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".txt")


class SubpathHandler(http.server.SimpleHTTPRequestHandler):
    base = "/parcours/"

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.base):
            return str(Path(self.directory) / "__missing__")
        return super().translate_path("/" + path[len(self.base):])

    def do_GET(self) -> None:
        if self.path.split("?")[0] == self.base + "sitemap.xml":
            self._sitemap()
            return
        if self.path in ("/", self.base.rstrip("/")):
            self.send_response(302)
            self.send_header("Location", self.base)
            self.end_headers()
            return
        if "gzip" in self.headers.get("Accept-Encoding", "") and self._send_gzipped():
            return
        super().do_GET()

    def _send_gzipped(self) -> bool:
        """Text compressed as GitHub Pages sends it, so local measurements count what travels."""
        path = self.translate_path(self.path.split("?")[0].split("#")[0])
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not path.endswith(COMPRESSED) or not os.path.isfile(path):
            return False
        body = gzip.compress(Path(path).read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return True

    def _sitemap(self) -> None:
        """Material's instant navigation keeps to the URLs of the sitemap, port included: serve it
        with this server's own address, so any port works."""
        text = (Path(self.directory) / "sitemap.xml").read_text(encoding="utf-8")
        body = re.sub(r"<loc>\s*https?://[^/<]+", f"<loc>http://{self.headers['Host']}", text).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: one line at start is enough


def make_server(root: str, port: int, base: str = "/parcours/") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SubpathHandler, directory=root)
    SubpathHandler.base = base if base.endswith("/") else base + "/"
    SubpathHandler.extensions_map = {**SubpathHandler.extensions_map, ".mjs": "text/javascript",
                                     ".wasm": "application/wasm", ".whl": "application/zip"}
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--base", default="/parcours/")
    parser.add_argument("--root", default="site")
    args = parser.parse_args()
    server = make_server(args.root, args.port, args.base)
    print(f"Parcours is served at http://127.0.0.1:{args.port}{SubpathHandler.base}  (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
