#!/usr/bin/env python3
"""The plan page (memlens report --html) in a real browser: headless Chromium from Debian,
driven over the DevTools protocol (cdp.py).

  run_page_tests.py MEMLENS SOURCE_DIR WORK_DIR [--screenshots DIR]

Exits 77 (ctest: skipped) with a message when no Chromium is installed; scripts/install-deps.sh
installs it, so CI runs these checks."""
import glob
import json
import os
import subprocess
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

SKIPPED = 77
HOSTILE_KERNEL = '</script><img src=x onerror=alert(1)>'

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        failures.append(what)


def write_page(memlens, target, html, *extra):
    run = subprocess.run([memlens, "report", target, "--html", html] + list(extra),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if run.returncode not in (0, 3) or not os.path.isfile(html):
        raise RuntimeError("memlens report %s --html failed (%d): %s" % (target, run.returncode, run.stderr))
    return run.returncode


def page_state(browser):
    return browser.evaluate("""(() => {
        const a = window.memlens.app;
        return {view: window.memlens.view(), selected: a.selected, count: a.model.count,
                range: document.getElementById('view-range').textContent,
                rows: a.table.order.length, tableCount: document.querySelector('.table-count').textContent};
    })()""")


def block_point(browser, expression):
    """The page coordinates of the middle of the block `expression` picks (an index)."""
    return browser.evaluate("""(() => {
        const a = window.memlens.app;
        const i = (%s);
        const c = a.chart;
        const p = c.plot();
        const box = c.box(i, p, {});
        const r = c.canvas.getBoundingClientRect();
        return {i: i, x: r.left + (box.x0 + box.x1) / 2, y: r.top + (box.y0 + box.y1) / 2};
    })()""" % expression)


def open_page(browser, path):
    browser.events = []
    browser.navigate("file://" + os.path.abspath(path))
    browser.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    browser.drain(0.2)


def test_example(browser, memlens, source, work, shots):
    example = os.path.join(source, "resources/examples/layer_norm/block16384")
    html = os.path.join(work, "example.html")
    status = write_page(memlens, os.path.join(example, "memory_info_aiv.json"), html)
    check(status == 3, "report --html of the overflowing example exits 3")
    size = os.path.getsize(html)
    check(size < 300 * 1024, "the example's page is under 300 KB (%d bytes)" % size)
    with open(html, encoding="utf-8") as page:
        text = page.read()
    check("Content-Security-Policy" in text and "default-src 'none'" in text, "the page forbids every fetch (CSP)")
    check(text.count("<script") == 2, "the page holds its data and its script, nothing else")

    browser.resize(1280, 900)
    open_page(browser, html)
    check(browser.problems() == [], "the example loads without a console error: %s" % browser.problems())
    state = page_state(browser)
    check(state["count"] == 17, "the chart holds the example's 17 blocks (%d)" % state["count"])
    kernel = browser.evaluate("document.getElementById('kernel').textContent")
    check(kernel == "_layer_norm_fwd_fused", "the title names the kernel (%r)" % kernel)
    facts = browser.evaluate("document.getElementById('facts').textContent")
    check("needs 321 KB of 192 KB (167%)" in facts, "the title facts say needs 321 KB of 192 KB (167%)")

    # The red block whose IR line is 83 and Python line 55: %alloc_3, Life [27, 41].
    target = """(() => { const m = window.memlens.app.model;
        for (let i = 0; i < m.count; ++i) if (m.name(i) === '%alloc_3' && m.blocks.copy[i] === 0) return i;
        return -1; })()"""
    point = block_point(browser, target)
    check(point["i"] >= 0, "the example has %alloc_3")
    browser.mouse("mouseMoved", point["x"], point["y"])
    browser.evaluate("new Promise(r => requestAnimationFrame(r))")
    tip = browser.evaluate("(() => { const t = document.getElementById('tooltip'); return t.hidden ? '' : t.textContent; })()")
    check("%alloc_3" in tip and "Life [27, 41]" in tip, "hover shows the block's facts (%r)" % tip)
    browser.click(point["x"], point["y"])
    selected = browser.evaluate("window.memlens.selected()")
    check(selected == point["i"], "one click selects the block under the pointer")
    details = browser.evaluate("""(() => {
        const d = document.getElementById('details');
        const line = s => { const n = d.querySelector(s + ' .source-line.current'); return n ? n.dataset.line : null; };
        const text = s => { const n = d.querySelector(s + ' .source-line.current .line-text'); return n ? n.textContent : null; };
        const life = d.querySelector('.fact.life .fact-value');
        const ir = d.querySelector('.source-ir').getBoundingClientRect();
        const py = d.querySelector('.source-python').getBoundingClientRect();
        return {life: life ? life.textContent : null, ir: line('.source-ir'), python: line('.source-python'),
                irText: text('.source-ir'), pythonText: text('.source-python'),
                sideBySide: Math.abs(ir.top - py.top) < 2 && py.left > ir.left,
                over: d.querySelector('.block-title').classList.contains('over')};
    })()""")
    check(details["life"] == "[27, 41]", "the details show its Life [27, 41] (%r)" % details["life"])
    check(details["ir"] == "83", "the IR pane marks line 83 (%r)" % details["ir"])
    check(details["python"] == "55", "the Python pane marks line 55 (%r)" % details["python"])
    check(details["pythonText"] is not None and "xf" in details["pythonText"],
          "the Python line is the kernel's line 55 (%r)" % details["pythonText"])
    check(details["sideBySide"], "the IR and Python panes stand side by side")
    heads = browser.evaluate("Array.from(document.querySelectorAll('#details .source-where')).map(n => n.textContent)")
    check(any(h.startswith("layer_norm.py:55") for h in heads),
          "the Python pane's head names layer_norm.py:55 (%r)" % heads)
    check(details["over"], "the selected block is marked above capacity")
    selected_row = browser.evaluate("(() => { const r = document.querySelector('.row.selected'); return r ? r.textContent : ''; })()")
    check("%alloc_3" in selected_row, "the table's selected row is the block (%r)" % selected_row)
    if shots:
        for width, height in ((1024, 700), (1920, 1080)):
            browser.resize(width, height)
            browser.evaluate("new Promise(r => setTimeout(() => requestAnimationFrame(r), 50))")
            browser.screenshot(os.path.join(shots, "example-%dx%d.png" % (width, height)))
        browser.resize(1280, 900)

    # Sorting: by size descending, the first row is the largest block.
    browser.evaluate("document.querySelector('.table-head .col-size').click()")
    browser.evaluate("document.querySelector('.table-head .col-size').click()")
    sizes = browser.evaluate("""(() => { const a = window.memlens.app; const m = a.model;
        return Array.from(a.table.order).map(i => m.blocks.size[i]); })()""")
    check(sizes == sorted(sizes, reverse=True), "a click on size twice sorts the table by size, largest first")
    first_row = browser.evaluate("document.querySelector('.row').textContent")
    check("64 KB" in first_row or "128 KB" in first_row, "the first row shown is a largest block (%r)" % first_row)

    # Filtering: typing narrows the table and fades the rest in the chart.
    browser.evaluate("document.querySelector('.table-filter').focus()")
    browser.call("Input.insertText", {"text": "layer_norm.py:55"})
    state = page_state(browser)
    names = browser.evaluate("""(() => { const a = window.memlens.app; const m = a.model;
        return Array.from(a.table.order).map(i => m.pythonText(i)); })()""")
    check(0 < state["rows"] < 17 and all("layer_norm.py:55" in n for n in names),
          "the filter keeps only the blocks of layer_norm.py:55 (%d rows)" % state["rows"])
    check("of 17 blocks" in state["tableCount"], "the table says how many blocks the filter shows")
    browser.evaluate("(() => { const f = document.querySelector('.table-filter'); f.value = ''; "
                     "f.dispatchEvent(new Event('input')); })()")
    browser.evaluate("document.querySelector('.table-over').click()")
    over = page_state(browser)["rows"]
    check(over == 5, "over capacity only keeps the 5 blocks above capacity (%d)" % over)
    browser.evaluate("document.querySelector('.table-over').click()")

    # Zoom: the wheel over the chart narrows the op range shown, and the chart is drawn again.
    before = page_state(browser)
    pixels_before = browser.evaluate("document.getElementById('chart').toDataURL()")
    rect = browser.evaluate("(() => { const r = document.getElementById('chart').getBoundingClientRect(); "
                            "return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()")
    browser.mouse("mouseWheel", rect["x"], rect["y"], deltaX=0, deltaY=-600)
    browser.evaluate("new Promise(r => requestAnimationFrame(r))")
    after = page_state(browser)
    span_before = before["view"]["x1"] - before["view"]["x0"]
    span_after = after["view"]["x1"] - after["view"]["x0"]
    check(span_after < span_before * 0.7 and after["range"] != before["range"],
          "wheel zoom narrows the visible op range (%s -> %s)" % (before["range"], after["range"]))
    pixels_after = browser.evaluate("document.getElementById('chart').toDataURL()")
    check(pixels_after != pixels_before, "the zoomed chart is drawn again (its pixels changed)")
    browser.call("Input.dispatchKeyEvent", {"type": "keyDown", "key": "ArrowRight", "code": "ArrowRight",
                                            "windowsVirtualKeyCode": 39})
    browser.evaluate("document.getElementById('chart').focus()")
    browser.call("Input.dispatchKeyEvent", {"type": "keyDown", "key": "ArrowRight", "code": "ArrowRight",
                                            "windowsVirtualKeyCode": 39})
    panned = page_state(browser)
    check(panned["view"]["x0"] > after["view"]["x0"], "the arrow key pans the chart along the ops")
    diagnosis = browser.evaluate("document.getElementById('diagnosis').textContent")
    check("critical op" in diagnosis and "Levers" in diagnosis, "the diagnosis shows the critical op and the levers")
    check(browser.problems() == [], "no console error after the interactions: %s" % browser.problems())


def test_hostile(browser, memlens, source, work):
    fixture = os.path.join(source, "tests/data/html/hostile")
    html = os.path.join(work, "hostile.html")
    write_page(memlens, os.path.join(fixture, "memory_info_aiv.json"), html)
    with open(html, encoding="utf-8") as page:
        text = page.read()
    check(text.count("</script>") == 2 and "<img" not in text,
          "no string of the dump closes the data element or opens an element")
    open_page(browser, html)
    check(browser.problems() == [], "the hostile page loads without an error or a dialog: %s" % browser.problems())
    kernel = browser.evaluate("document.getElementById('kernel').textContent")
    check(kernel == HOSTILE_KERNEL, "the hostile kernel name is shown as text (%r)" % kernel)
    check(browser.evaluate("document.querySelectorAll('img, iframe, object, embed').length") == 0,
          "no element came from the data")
    point = block_point(browser, "0")
    browser.click(point["x"], point["y"])
    python = browser.evaluate("(() => { const n = document.querySelector('.source-python .source-line.current .line-text');"
                              " return n ? n.textContent : null; })()")
    check(python is not None and "<img src=x onerror=alert(2)>" in python,
          "the Python line with HTML is shown as text (%r)" % python)
    check(browser.evaluate("document.querySelectorAll('img, script:not([id])').length") <= 1,
          "selecting the block added no element from its lines")
    check(browser.problems() == [], "no script ran from the hostile strings: %s" % browser.problems())


def test_run(browser, memlens, source, work, shots):
    """summary DIR --format html: the run's table, each readable row opening its kernel."""
    html = os.path.join(work, "run.html")
    run = subprocess.run([memlens, "summary", os.path.join(source, "tests/data/runs/mixed"), "--format", "html",
                          "--out", html], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    check(run.returncode == 3 and os.path.isfile(html), "summary --format html writes the run's page (exit 3)")
    open_page(browser, html)
    check(browser.problems() == [], "the run's page loads cleanly: %s" % browser.problems())
    rows = browser.evaluate("document.querySelectorAll('#run tr.opens').length")
    check(rows >= 5, "the run table's readable rows open a kernel (%d)" % rows)
    browser.evaluate("""(() => { const rows = Array.from(document.querySelectorAll('#run tr.opens'));
        rows.find(r => r.textContent.startsWith('softmax_kernel')).click(); })()""")
    kernel = browser.evaluate("window.memlens.app.model.doc.head.kernel")
    check(kernel == "softmax_kernel", "a click on a row opens its kernel (%r)" % kernel)
    check(browser.problems() == [], "opening a run's row raises no error")
    if shots:
        for width, height in ((1024, 700), (1920, 1080)):
            browser.resize(width, height)
            browser.evaluate("new Promise(r => setTimeout(() => requestAnimationFrame(r), 50))")
            browser.screenshot(os.path.join(shots, "run-%dx%d.png" % (width, height)))
        browser.resize(1280, 900)


def test_corpus(browser, memlens, source, work):
    """Every dump of the tests' corpus (good, hostile, mix folders) that memlens reads: its page loads cleanly."""
    data = os.path.join(source, "tests/data/dumps")
    targets = sorted(glob.glob(os.path.join(data, "*.json")) + glob.glob(os.path.join(data, "*/*.json"))
                     + [d for d in glob.glob(os.path.join(data, "mix/*")) if os.path.isdir(d)])
    pages = 0
    for n, target in enumerate(targets):
        html = os.path.join(work, "corpus-%d.html" % n)
        run = subprocess.run([memlens, "report", target, "--html", html], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        if run.returncode == 2:
            continue  # memlens refuses it (a broken dump): no page
        pages += 1
        open_page(browser, html)
        problems = browser.problems()
        count = browser.evaluate("window.memlens ? window.memlens.app.data.documents.length : -1")
        check(problems == [] and count >= 1, "the page of %s loads cleanly %s" % (os.path.relpath(target, data), problems))
    check(pages >= 10, "the corpus gave %d pages" % pages)


def test_mix_kernel(browser, memlens, source, work, shots):
    folder = os.path.join(source, "tests/data/dumps/mix/fits_aic_overflows_aiv")
    html = os.path.join(work, "mix.html")
    write_page(memlens, folder, html)
    open_page(browser, html)
    options = browser.evaluate("Array.from(document.querySelectorAll('#scope-picker option')).map(o => o.textContent)")
    check(any(o.startswith("aic") for o in options) and any(o.startswith("aiv") for o in options),
          "a mix kernel's page offers every core (%s)" % options)
    check(browser.problems() == [], "the mix kernel's page loads cleanly")
    if shots:
        for width, height in ((1024, 700), (1920, 1080)):
            browser.resize(width, height)
            browser.evaluate("new Promise(r => setTimeout(() => requestAnimationFrame(r), 50))")
            browser.screenshot(os.path.join(shots, "mix-%dx%d.png" % (width, height)))
        browser.resize(1280, 900)


def main():
    args = sys.argv[1:]
    shots = None
    if "--screenshots" in args:
        at = args.index("--screenshots")
        shots = args[at + 1]
        del args[at:at + 2]
        os.makedirs(shots, exist_ok=True)
    memlens, source, work = args
    chromium = cdp.find_chromium()
    if not chromium:
        print("memlens: SKIPPED the plan page's browser tests: no chromium installed "
              "(scripts/install-deps.sh installs it)")
        return SKIPPED
    os.makedirs(work, exist_ok=True)
    browser = cdp.Browser(chromium)
    try:
        browser.call("Browser.getVersion", session=False)
        browser.open_page(1280, 900)
        for test in (lambda: test_example(browser, memlens, source, work, shots),
                     lambda: test_hostile(browser, memlens, source, work),
                     lambda: test_mix_kernel(browser, memlens, source, work, shots),
                     lambda: test_run(browser, memlens, source, work, shots),
                     lambda: test_corpus(browser, memlens, source, work)):
            try:
                test()
            except Exception:
                traceback.print_exc()
                failures.append("an exception")
    finally:
        browser.close()
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("every check of the plan page passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
