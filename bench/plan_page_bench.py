#!/usr/bin/env python3
"""How fast the plan page (memlens report --html) opens and pans in headless Chromium.

  bench/plan_page_bench.py MEMLENS [BLOCK_COUNTS...]   (default: 100000 1000000)

For each count: writes a generated dump (random sizes, Lives and offsets, every fourth buffer
double-buffered, 300 Python lines: the shape of bench/generated_dump.hpp), its page, and
reports the page's size, the time from navigation to the page drawn, and the time of one
chart frame while panning (averaged over 60 frames). Figures go into docs/performance.md."""
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "html"))
import cdp  # noqa: E402


def write_dump(path, blocks):
    rng = random.Random(42)
    buffers = blocks * 4 // 5  # every fourth buffer has two copies: 1.25 blocks per buffer
    with open(path, "w") as out:
        out.write('{"Header": {"KernelName": "_generated"}, "Record": [{"scope": "ub", "status": "fail", '
                  '"error_info": "ub overflow, requires 1 bits while 1572864 bits available!", '
                  '"memory_info_array": [\n')
        for i in range(buffers):
            elements = 16 << rng.randrange(8)
            start = rng.randrange(200000)
            end = start + rng.randrange(500)
            offset = rng.randrange(256 * 1024 // 32) * 32
            offsets = str(offset) + (", %d" % (offset + elements * 2) if i % 4 == 0 else "")
            out.write('%s{"buffer": "%%alloc_%d = memref.alloc() : memref<%dxf16, #hivm.address_space<ub>>", '
                      '"offset": [%s], "extent": %d, "alloc_time_in_ir": %d, "life_time_in_ir": [%d, %d], '
                      '"source_location": "loc(\\"/tmp/kernel.py\\":%d:8)", "is_tmpbuf": %s}'
                      % (",\n" if i else "", i, elements, offsets, elements * 16, start, start, end, i % 300,
                         "true" if i % 17 == 0 else "false"))
        out.write("]}]}\n")


def measure(browser, html):
    browser.events = []
    began = time.monotonic()
    browser.navigate("file://" + html, timeout=300)
    browser.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))", timeout=300)
    opened = time.monotonic() - began
    frames = browser.evaluate("""(() => {
        const c = window.memlens.app.chart;
        const u = window.memlens.app.usage;
        let t0 = performance.now();
        for (let k = 0; k < 60; ++k) {  // a drag: the view moves, its scale stays
            c.panBy((c.view.x1 - c.view.x0) * 0.01, 0);
            c.draw();
            u.draw();
        }
        const pan = (performance.now() - t0) / 60;
        t0 = performance.now();
        for (let k = 0; k < 20; ++k) {  // every block drawn anew (a zoom, or the pan at rest)
            c.cache = null;
            c.draw();
            u.draw();
        }
        return [pan, (performance.now() - t0) / 20];
    })()""", timeout=300)
    count = browser.evaluate("window.memlens.app.model.count")
    return opened, frames[0], frames[1], count, browser.problems()


def main():
    memlens = sys.argv[1]
    counts = [int(n) for n in sys.argv[2:]] or [100000, 1000000]
    chromium = cdp.find_chromium()
    if not chromium:
        print("no chromium installed")
        return 1
    work = tempfile.mkdtemp(prefix="memlens-page-bench-")
    browser = cdp.Browser(chromium)
    try:
        browser.open_page(1920, 1080)
        for blocks in counts:
            dump = os.path.join(work, "dump-%d.json" % blocks)
            html = os.path.join(work, "page-%d.html" % blocks)
            write_dump(dump, blocks)
            began = time.monotonic()
            subprocess.run([memlens, "report", dump, "--html", html], stdout=subprocess.DEVNULL, check=False)
            written = time.monotonic() - began
            opened, pan, full, count, problems = measure(browser, html)
            print("%8d blocks: page %.1f MB written in %.1f s; opened and drawn in %.2f s; "
                  "a frame while panning %.1f ms (%.0f frames/s), every block drawn anew %.1f ms; "
                  "%d blocks on the page%s"
                  % (blocks, os.path.getsize(html) / 1e6, written, opened, pan, 1000 / max(pan, 0.001), full,
                     count, "; problems: %s" % problems if problems else ""), flush=True)
    finally:
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
