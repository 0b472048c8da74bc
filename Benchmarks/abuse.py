#!/usr/bin/env python3
"""`make abuse`: `gazetteer serve` on loopback under abuse, every phase bounded in time.

1. wrk: 50 clients, keep-alive, ABUSE_SECONDS (default 20 s): requests per second, p99 latency.
2. 1,000 connections at once, each sending a request: how many are answered 200 / 503 / not at all.
3. 1,000 slow clients sending their heads one byte a second for ABUSE_SECONDS, while a fresh
   client asks for a page every 200 ms: the slowest answer must stay under 100 ms.
Then the server's peak memory (VmHWM). Usage: abuse.py GAZETTEER SOURCE_DIR WORK_DIR
"""
import os, re, signal, socket, subprocess, sys, threading, time

SECONDS_EACH = int(os.environ.get("ABUSE_SECONDS", "20"))
PAGE = "/countries/france.html"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, timeout=5):
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(f"GET {PAGE} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
    return status, time.monotonic() - start


def wrk(port):
    out = subprocess.run(["wrk", "-t2", "-c50", f"-d{SECONDS_EACH}s", "--latency", f"http://127.0.0.1:{port}{PAGE}"],
                         capture_output=True, text=True, timeout=SECONDS_EACH + 30).stdout
    total = re.search(r"(\d+) requests in", out)
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p99 = re.search(r"99%\s+([\d.]+\w+)", out)
    errors = re.search(r"Socket errors:.*|Non-2xx.*", out)
    return (int(total.group(1)) if total else 0, float(rate.group(1)) if rate else 0.0,
            p99.group(1) if p99 else "?", errors.group(0) if errors else "no errors")


def thousand_at_once(port):
    counts = {}
    lock = threading.Lock()
    def one():
        try:
            status, _ = get(port, timeout=10)
        except OSError:
            status = 0
        with lock:
            counts[status] = counts.get(status, 0) + 1
    threads = [threading.Thread(target=one) for _ in range(1000)]
    for t in threads: t.start()
    for t in threads: t.join()
    return counts


def slow_clients(port):
    clients = []
    for _ in range(1000):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.setblocking(False)
        clients.append(s)
    head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 10_000
    latencies, failures, cut = [], [], 0
    end = time.monotonic() + SECONDS_EACH
    position = 0
    next_byte = time.monotonic()
    while time.monotonic() < end:
        if time.monotonic() >= next_byte:  # one byte a second from every slow client
            for s in clients:
                try:
                    s.send(head[position:position + 1])
                except OSError:
                    cut += 1
            position += 1
            next_byte += 1
        try:
            status, seconds = get(port, timeout=2)
            latencies.append(seconds)
            if status != 200: failures.append(str(status))
        except OSError as error:
            failures.append(type(error).__name__)
        time.sleep(0.2)
    for s in clients: s.close()
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else 0
    return len(latencies), failures, p99, (latencies[-1] if latencies else 0), cut


def main():
    gazetteer, source, work = sys.argv[1:4]
    port = free_port()
    server = subprocess.Popen([gazetteer, "serve", "--source", source, "--output", f"{work}/site",
                               "--cache", f"{work}/cache", "--port", str(port), "-q"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(600):
            try:
                if get(port, timeout=1)[0] == 200: break
            except OSError:
                time.sleep(0.1)
        ok = True
        total, rate, p99, errors = wrk(port)
        print(f"wrk, 50 clients, {SECONDS_EACH} s: {total} requests, {rate:.0f} requests/s, p99 {p99} ({errors})")
        ok &= total >= 100_000 or SECONDS_EACH < 20
        counts = thousand_at_once(port)
        print(f"1,000 connections at once: {dict(sorted(counts.items()))} (status: count; 0 = no answer)")
        ok &= counts.get(0, 0) == 0
        asked, failures, slow_p99, slowest, cut = slow_clients(port)
        print(f"1,000 slow clients for {SECONDS_EACH} s: {asked} pages asked, {len(failures)} failed {failures}, "
              f"p99 {slow_p99 * 1000:.1f} ms, slowest {slowest * 1000:.1f} ms; {cut} slow sends found their connection closed")
        ok &= not failures and slowest < 0.1
        status = open(f"/proc/{server.pid}/status").read()
        peak = re.search(r"VmHWM:\s+(\d+) kB", status)
        print(f"server peak memory: {int(peak.group(1)) // 1024 if peak else '?'} MB; still answering: {get(port)[0] == 200}")
        print(f"server alive: {server.poll() is None}")
        ok &= server.poll() is None
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
