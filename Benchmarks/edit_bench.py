#!/usr/bin/env python3
"""Measures `gazetteer serve --edit` on the synthetic guides `make_corpus.py` writes.

    python3 Benchmarks/edit_bench.py --gazetteer .build/release/gazetteer .bench/corpus-1k .bench/corpus-10k

For each corpus (copied to a scratch folder first, so the corpus itself is never edited), the
server is started once, logged into with its printed URL, and then, `--runs` times each
(median shown):

  open form       GET api/entry of one city (what opening its form asks of the server)
  open picker     GET api/options (the flag picker's sections, the countries, the pictures)
  save to reload  POST api/save of one city's text, until the `reload` event of the rebuild
                  arrives on the page's event stream (request sent to reload received)
  picker after save
                  GET api/options sent as soon as that reload event arrives (what the page
                  that reloads asks for when its form opens again, with the new build's model)
  form after save GET api/entry, likewise

With --timings the server runs with `serve --timings`: the lines it prints for each save (the
save path's own steps, then the rebuild's stages) are shown after the figures.
--scratch DIR puts the copy of each corpus under DIR (default: a new folder in the system's
temporary folder); the copy leaves out site/ and .site.* (the server builds it anew).
--in-place uses each corpus folder as it is, without a copy (for a copy made beforehand with
`cp -a`: the bench's saves are written into it, and its site/ is the server's output).

Budgets (issue 25): save to reload at most 0.4 s at 10,000 pages and 0.1 s at 1,000; opening a
form and the picker at most 50 ms at 10,000 pages.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BUDGETS = {
    "corpus-10k": {"save to reload": 0.4, "open form": 0.05, "open picker": 0.05,
                   "picker after save": 0.05, "form after save": 0.05},
    "corpus-1k": {"save to reload": 0.1},
}


class Server:
    def __init__(self, gazetteer, source, timings=False):
        self.lines = []
        self.process = subprocess.Popen(
            [gazetteer, "serve", "--edit", "--source", source, "--port", "0"] + (["--timings"] if timings else ["--quiet"]),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.time() + 600
        self.url = None
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("serve --edit stopped before printing its URL")
            match = re.search(r"(http://127\.0\.0\.1:(\d+)/__gazetteer/edit/login\?secret=[0-9A-Za-z_-]+)", line)
            if match:
                self.url, self.port = match.group(1), int(match.group(2))
                break
        if not self.url:
            sys.exit("serve --edit printed no login URL")
        threading.Thread(target=self.keep_lines, daemon=True).start()
        self.host = f"127.0.0.1:{self.port}"
        path = self.url.split(self.host, 1)[1]
        status, headers, _ = self.request("GET", path)
        cookie = headers.get("set-cookie", "")
        if status != 303 or not cookie:
            sys.exit(f"login answered {status} without a cookie")
        self.cookie = cookie.split(";", 1)[0]
        _, _, page = self.request("GET", "/index.html")
        data = re.search(rb'<script id="gazetteer-edit-data" type="application/json">(.*?)</script>', page, re.S)
        if not data:
            sys.exit("the index page carries no edit data")
        self.token = json.loads(data.group(1))["token"]

    def keep_lines(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def request(self, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Host": self.host}
        if getattr(self, "cookie", None):
            headers["Cookie"] = self.cookie
        if getattr(self, "token", None):
            headers["X-Gazetteer-Token"] = self.token
        if body is not None:
            headers["Content-Type"] = "application/json"
            headers["Origin"] = f"http://{self.host}"
            body = json.dumps(body).encode()
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        result = (response.status, {k.lower(): v for k, v in response.getheaders()}, answer)
        connection.close()
        return result

    def events(self):
        """A socket reading the event stream, and a function that waits for the next reload."""
        stream = socket.create_connection(("127.0.0.1", self.port))
        stream.sendall(f"GET /__gazetteer/events HTTP/1.1\r\nHost: {self.host}\r\nCookie: {self.cookie}\r\n"
                       f"Accept: text/event-stream\r\n\r\n".encode())
        buffer = bytearray()

        def wait_for_reload(timeout=60):
            stream.settimeout(timeout)
            while b"event: reload" not in buffer:
                chunk = stream.recv(65536)
                if not chunk:
                    raise RuntimeError("the event stream closed")
                buffer.extend(chunk)
            del buffer[:]
            return time.perf_counter()
        return stream, wait_for_reload

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def measure(gazetteer, corpus, runs, scratch_parent=None, timings=False, in_place=False):
    if in_place:
        scratch, source = None, corpus
    else:
        if scratch_parent:
            os.makedirs(scratch_parent, exist_ok=True)
        scratch = tempfile.mkdtemp(prefix="edit-bench-", dir=scratch_parent)
        source = os.path.join(scratch, "guide")
        # A copy of its own (never hard links: those would change the corpus's files' ctime).
        shutil.copytree(corpus, source, symlinks=True, ignore=shutil.ignore_patterns("site", ".site.*"))
    server = Server(gazetteer, source, timings)
    printed = []
    try:
        cities = sorted(f[:-3] for f in os.listdir(os.path.join(source, "content", "cities")) if f.endswith(".md"))
        slug = cities[len(cities) // 2]
        times = {"open form": [], "open picker": [], "save to reload": [], "picker after save": [],
                 "form after save": []}
        stream, wait_for_reload = server.events()
        time.sleep(0.5)  # the stream is registered
        for run in range(runs):
            start = time.perf_counter()
            status, _, answer = server.request("GET", f"/__gazetteer/edit/api/entry?kind=city&slug={slug}")
            times["open form"].append(time.perf_counter() - start)
            if status != 200:
                sys.exit(f"api/entry answered {status}: {answer[:300]!r}")
            entry = json.loads(answer)
            start = time.perf_counter()
            status, _, answer = server.request("GET", "/__gazetteer/edit/api/options")
            times["open picker"].append(time.perf_counter() - start)
            if status != 200:
                sys.exit(f"api/options answered {status}: {answer[:300]!r}")
            body = entry["body"].rstrip("\n") + f"\n\nEdited by the edit bench, run {run}.\n"
            start = time.perf_counter()
            status, _, answer = server.request("POST", "/__gazetteer/edit/api/save",
                                               {"kind": "city", "slug": slug, "digest": entry["digest"],
                                                "fields": {}, "body": body})
            if status != 200:
                sys.exit(f"api/save answered {status}: {answer[:300]!r}")
            before = len(server.lines)
            times["save to reload"].append(wait_for_reload() - start)
            # What the reloaded page asks for first: the picker's options, then the form's entry.
            start = time.perf_counter()
            status, _, answer = server.request("GET", "/__gazetteer/edit/api/options")
            times["picker after save"].append(time.perf_counter() - start)
            if status != 200:
                sys.exit(f"api/options after the save answered {status}: {answer[:300]!r}")
            options = json.loads(answer)
            if len(options.get("pictureChoices", [])) < len(options.get("pictures", [])):
                sys.exit("api/options after the save lacks picture choices")
            start = time.perf_counter()
            status, _, answer = server.request("GET", f"/__gazetteer/edit/api/entry?kind=city&slug={slug}")
            times["form after save"].append(time.perf_counter() - start)
            if status != 200 or json.loads(answer)["body"] != body:
                sys.exit(f"api/entry after the save answered {status} without the saved body")
            time.sleep(0.3 if not timings else 1.0)  # the watcher's own event for the same write settles
            printed.append(server.lines[before:])
        stream.close()
    finally:
        server.stop()
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    return times, printed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scratch", help="the folder to copy each corpus into (default: a new temporary folder)")
    parser.add_argument("--in-place", action="store_true", help="edit each corpus folder itself (a copy made beforehand)")
    parser.add_argument("--timings", action="store_true", help="run serve --timings and show what it prints for each save")
    parser.add_argument("corpora", nargs="+")
    arguments = parser.parse_args()
    for corpus in arguments.corpora:
        name = os.path.basename(corpus.rstrip("/"))
        times, printed = measure(os.path.abspath(arguments.gazetteer), corpus, arguments.runs,
                                 arguments.scratch, arguments.timings, arguments.in_place)
        print(f"\n{name}: serve --edit, medians of {arguments.runs}")
        for scenario, values in times.items():
            median = statistics.median(values)
            budget = BUDGETS.get(name, {}).get(scenario)
            verdict = "" if budget is None else (f"  (budget {budget * 1000:.0f} ms: "
                                                 + ("met)" if median <= budget else "NOT met)"))
            runs = ", ".join(f"{v * 1000:.0f}" for v in values)
            print(f"  {scenario:<17} {median * 1000:8.1f} ms   runs {runs} ms{verdict}")
        if arguments.timings:
            for run, lines in enumerate(printed):
                print(f"\n  serve --timings, save {run + 1}:")
                for line in lines:
                    print("    " + line)


if __name__ == "__main__":
    main()
