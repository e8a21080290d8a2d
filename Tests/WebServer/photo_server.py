#!/usr/bin/env python3
"""A local HTTP server for photory's web import tests: real files plus hostile endpoints.

Usage: photo_server.py ROOT
Listens on 127.0.0.1 only, on a port the system picks, and prints that port on the first line
of stdout. Serves until killed.

  /files/<path>          ROOT/<path>, with ETag and Last-Modified (If-None-Match -> 304)
  /status/<code>         that status with a small HTML page
  /flaky/<n>/<path>      500 for the first n requests of this URL, then the file
  /wrongtype/<path>      the file, called text/html
  /html.jpg              an HTML error page called image/jpeg
  /truncated/<path>      declares the whole file, sends half, closes
  /loop/<n>              redirects to /loop/<n+1>, for ever
  /redirect/<k>/<path>   k redirects, then the file
  /huge.jpg              declares 2 GB, sends a JPEG start, then nothing
  /drip/<path>           declares the file, sends 64 bytes, then one byte a second
  /gzip-bomb/<MiB>       <MiB> of zeros as gzip (about 1 KB a MiB), Content-Encoding: gzip
                         whatever the client asked for
  /redir-file            302 to file:///etc/passwd
  /redir-port/<port>/<p> 302 to http://127.0.0.1:<port>/<p>
  /hits                  JSON: requests per path, the User-Agents and the Accept-Encodings seen,
                         the paths that came with an Authorization header, the connections made
Paged feeds (issue 24); items are {"id": i, "title": "photo i", "url": "/files/img/<i>.jpg"}, for
i from 1 to T, P a page:
  /link/<T>/<P>/<k>      page k as a JSON array, Link: <…>; rel="next" while items are left
  /jsonfeed/<T>/<P>/<k>  a JSON Feed 1.1 ("image" holds the photo) with next_url
  /cursor/<key>/<T>/<P>/<k>  {"items": […]} with the next page under <key> (next, nextPage,
                         links.next, paging.next), and X-RateLimit-Remaining: 0, X-RateLimit-Reset: 0.01
  /api/<T>?page=k[&per_page=P]   {"data": […]} (P defaults to 5); past the end an empty list
  /rss/<T>/<P>/<k>       RSS 2.0 with media:content, media:thumbnail and atom:link rel="next"
  /cursor-loop/<k>       pages 1 and 2 of 3 items each, page 2's next is page 1 again
  /random/<pool>/<n>     n items picked at random from 1..pool (repeats possible), no next
  /retry429/<n>/<route…> 429 with Retry-After: 1 for the first n requests, then <route…>
"""
import email.utils
import hashlib
import json
import os
import random
import signal
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.realpath(sys.argv[1])
LOCK = threading.Lock()
HITS = {}
AGENTS = set()
ENCODINGS = set()
AUTHORIZED = set()
CONNECTIONS = [0]   # connections that brought a request other than /hits
BOMBS = {}


def content_type(path):
    for ext, kind in ((".json", "application/json"), (".jpg", "image/jpeg"), (".txt", "text/plain")):
        if path.endswith(ext):
            return kind
    return "application/octet-stream"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out as separate writes: without this, Nagle and delayed ACKs cost
    # 40 ms a request on a kept-alive connection.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def file(self, relative):
        path = os.path.realpath(os.path.join(ROOT, relative))
        if not path.startswith(ROOT + os.sep) or not os.path.isfile(path):
            return None
        with open(path, "rb") as handle:
            return handle.read()

    def send(self, code, body=b"", kind="text/html", headers=()):
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def start_body(self, kind, length):
        """The headers of a 200 answer whose body the route then writes as it likes."""
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(length))
        self.end_headers()

    def not_found(self):
        self.send(404, b"<html><body>not found</body></html>")

    def do_GET(self):
        with LOCK:
            HITS[self.path] = HITS.get(self.path, 0) + 1
            hits = HITS[self.path]
            if self.path != "/hits":
                if not getattr(self, "counted", False):   # one handler per connection
                    self.counted = True
                    CONNECTIONS[0] += 1
                AGENTS.add(self.headers.get("User-Agent", ""))
                ENCODINGS.add(self.headers.get("Accept-Encoding", ""))
                if self.headers.get("Authorization"):
                    AUTHORIZED.add(self.path)
        path, _, query = self.path.partition("?")
        self.query = dict(pair.partition("=")[::2] for pair in query.split("&") if pair)
        parts = path.lstrip("/").split("/")
        route, rest = parts[0], parts[1:]
        try:
            getattr(self, "route_" + route.replace(".", "_").replace("-", "_"), lambda *_: self.not_found())(rest, hits)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def route_files(self, rest, hits, kind=None):
        relative = "/".join(rest)
        body = self.file(relative)
        if body is None:
            return self.not_found()
        etag = '"%s"' % hashlib.md5(body).hexdigest()
        modified = email.utils.formatdate(os.path.getmtime(os.path.join(ROOT, relative)), usegmt=True)
        validators = [("ETag", etag), ("Last-Modified", modified)]
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            for name, value in validators:
                self.send_header(name, value)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send(200, body, kind or content_type(relative), validators)

    def route_status(self, rest, hits):
        self.send(int(rest[0]), b"<html><body>status %s</body></html>" % rest[0].encode())

    def route_flaky(self, rest, hits):
        if hits <= int(rest[0]):
            return self.send(500, b"<html><body>try again</body></html>")
        self.route_files(rest[1:], hits)

    def route_wrongtype(self, rest, hits):
        self.route_files(rest, hits, kind="text/html")

    def route_html_jpg(self, rest, hits):
        self.send(200, b"<!DOCTYPE html><html><body>Error: photo not found</body></html>", "image/jpeg")

    def route_truncated(self, rest, hits):
        body = self.file("/".join(rest)) or b""
        self.start_body("image/jpeg", len(body))
        self.wfile.write(body[: len(body) // 2])
        self.wfile.flush()
        self.close_connection = True

    def route_loop(self, rest, hits):
        self.send(302, b"", headers=[("Location", "/loop/%d" % (int(rest[0]) + 1))])

    def route_redirect(self, rest, hits):
        left = int(rest[0])
        if left > 0:
            return self.send(302, b"", headers=[("Location", "/redirect/%d/%s" % (left - 1, "/".join(rest[1:])))])
        self.route_files(rest[1:], hits)

    def route_huge_jpg(self, rest, hits):
        self.start_body("image/jpeg", 2 * 1024 * 1024 * 1024)
        self.wfile.write(b"\xff\xd8\xff\xe0")
        self.wfile.flush()
        time.sleep(5)
        self.close_connection = True

    def route_drip(self, rest, hits):
        body = self.file("/".join(rest)) or b""
        self.start_body("image/jpeg", len(body))
        self.wfile.write(body[:64])
        self.wfile.flush()
        for index in range(64, min(len(body), 64 + 30)):
            time.sleep(1)
            self.wfile.write(body[index : index + 1])
            self.wfile.flush()
        self.close_connection = True

    def route_slow(self, rest, hits):
        """/slow/<seconds>/<file>: the whole file, in ten pieces spread over <seconds>."""
        body = self.file("/".join(rest[1:]))
        if body is None:
            return self.not_found()
        self.start_body(content_type(rest[-1]), len(body))
        step = max(1, (len(body) + 9) // 10)
        for start in range(0, len(body), step):
            self.wfile.write(body[start : start + step])
            self.wfile.flush()
            time.sleep(float(rest[0]) / 10)

    def route_gzip_bomb(self, rest, hits):
        mebibytes = int(rest[0])
        with LOCK:
            if mebibytes not in BOMBS:
                BOMBS[mebibytes] = gzip_of_zeros(mebibytes)
            body = BOMBS[mebibytes]
        self.send(200, body, "image/jpeg", [("Content-Encoding", "gzip")])

    def route_redir_file(self, rest, hits):
        self.send(302, b"", headers=[("Location", "file:///etc/passwd")])

    def route_redir_port(self, rest, hits):
        self.send(302, b"", headers=[("Location", "http://127.0.0.1:%s/%s" % (rest[0], "/".join(rest[1:])))])

    def route_hits(self, rest, hits):
        with LOCK:
            body = json.dumps({"hits": HITS, "agents": sorted(AGENTS), "encodings": sorted(ENCODINGS),
                               "authorized": sorted(AUTHORIZED), "connections": CONNECTIONS[0]}).encode()
        self.send(200, body, "application/json")

    # Paged feeds (issue 24)

    def page_items(self, total, per_page, page):
        first = (page - 1) * per_page + 1
        return [{"id": i, "title": "photo %d" % i, "url": "/files/img/%d.jpg" % i}
                for i in range(first, min(total, first + per_page - 1) + 1)]

    def send_json(self, value, headers=()):
        self.send(200, json.dumps(value).encode(), "application/json", headers)

    def route_link(self, rest, hits):
        total, per_page, page = map(int, rest[:3])
        links = ['</link/%d/%d/1>; rel="first"' % (total, per_page)]
        if page * per_page < total:
            links.append('</link/%d/%d/%d>; rel="next"' % (total, per_page, page + 1))
        self.send_json(self.page_items(total, per_page, page), [("Link", ", ".join(links))])

    def route_jsonfeed(self, rest, hits):
        total, per_page, page = map(int, rest[:3])
        items = [{"id": str(item["id"]), "title": item["title"], "url": "/post/%d" % item["id"],
                  "image": item["url"]} for item in self.page_items(total, per_page, page)]
        feed = {"version": "https://jsonfeed.org/version/1.1", "title": "A JSON feed", "items": items}
        if page * per_page < total:
            feed["next_url"] = "/jsonfeed/%d/%d/%d" % (total, per_page, page + 1)
        self.send_json(feed)

    def route_cursor(self, rest, hits):
        key = rest[0]
        total, per_page, page = map(int, rest[1:4])
        body = {"items": self.page_items(total, per_page, page)}
        if page * per_page < total:
            target = "/cursor/%s/%d/%d/%d" % (key, total, per_page, page + 1)
            outer, _, inner = key.partition(".")
            body[outer] = {inner: target} if inner else target
        self.send_json(body, [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "0.01")])

    def route_api(self, rest, hits):
        total = int(rest[0])
        per_page = int(self.query.get("per_page", "5"))
        self.send_json({"data": self.page_items(total, per_page, int(self.query.get("page", "1")))})

    def route_rss(self, rest, hits):
        total, per_page, page = map(int, rest[:3])
        entries = []
        for item in self.page_items(total, per_page, page):
            entries.append(
                "<item><title>%s</title><guid>tag:%d</guid>"
                '<media:content url="%s" medium="image"/><media:thumbnail url="%s"/>'
                "</item>" % (item["title"], item["id"], item["url"], item["url"]))
        following = ""
        if page * per_page < total:
            following = '<atom:link rel="next" href="/rss/%d/%d/%d"/>' % (total, per_page, page + 1)
        body = ('<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" '
                'xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>An RSS feed</title>%s%s'
                "</channel></rss>" % (following, "".join(entries)))
        self.send(200, body.encode(), "application/rss+xml")

    def route_cursor_loop(self, rest, hits):
        page = int(rest[0])
        body = {"items": self.page_items(6, 3, page), "next": "/cursor-loop/%d" % (2 if page == 1 else 1)}
        self.send_json(body)

    def route_random(self, rest, hits):
        pool, count = int(rest[0]), int(rest[1])
        picked = [random.randint(1, pool) for _ in range(count)]
        self.send_json([{"id": i, "title": "photo %d" % i, "url": "/files/img/%d.jpg" % i} for i in picked])

    def route_retry429(self, rest, hits):
        if hits <= int(rest[0]):
            return self.send(429, b"<html><body>slow down</body></html>", headers=[("Retry-After", "1")])
        route = rest[1]
        getattr(self, "route_" + route.replace(".", "_").replace("-", "_"))(rest[2:], hits)


def gzip_of_zeros(mebibytes):
    """A gzip stream of `mebibytes` MiB of zeros, made in a second or two: one MiB is deflated
    once, ending on a full flush (byte-aligned, no back-references across it), and repeated."""
    zeros = bytes(1 << 20)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = packer.compress(zeros) + packer.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(mebibytes):
        crc = zlib.crc32(zeros, crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
    last = b"\x03\x00"   # an empty final fixed-Huffman block
    trailer = struct.pack("<II", crc, (mebibytes << 20) & 0xFFFFFFFF)
    return header + block * mebibytes + last + trailer


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64


def exit_with_parent():
    """Stops the server when the test that started it goes away (its stdin pipe closes)."""
    sys.stdin.buffer.read()
    os._exit(0)


if __name__ == "__main__":
    # Started from a thread that blocks signals, the mask was inherited: let SIGTERM in.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    threading.Thread(target=exit_with_parent, daemon=True).start()
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
