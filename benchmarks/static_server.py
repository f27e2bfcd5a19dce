"""Serve a folder on 127.0.0.1 as a static host does: files as they are, and with ``--gzip`` text,
scripts and wasm compressed for a browser that accepts gzip (as GitHub Pages and nginx's gzip send
them), so that "bytes fetched" is what a learner downloads. `python static_server.py DIR PORT [--gzip]`.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os

COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt")


class Handler(http.server.SimpleHTTPRequestHandler):
    gzip_on = False
    _zipped: dict = {}

    def send_head(self):
        path = self.translate_path(self.path)
        if not (self.gzip_on and os.path.isfile(path) and path.endswith(COMPRESSED)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stamp = os.stat(path).st_mtime_ns
        if self._zipped.get(path, (None,))[0] != stamp:
            with open(path, "rb") as f:
                self._zipped[path] = (stamp, gzip.compress(f.read(), 6))
        body = self._zipped[path][1]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stamp // 10**9))
        self.end_headers()
        import io
        return io.BytesIO(body)

    def log_message(self, *args):
        pass


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("port", type=int)
    ap.add_argument("--gzip", action="store_true")
    args = ap.parse_args()
    Handler.gzip_on = args.gzip
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port),
                                             functools.partial(Handler, directory=args.folder))
    server.serve_forever()


if __name__ == "__main__":
    main()
