// memlens plan page: shared helpers. Every string that comes from a dump, an IR, a log or a
// source file reaches the page through textContent (el(), text()), never as markup.
'use strict';

const ML = {};

ML.el = function (tag, className, text) {
    const node = document.createElement(tag);
    if (className)
        node.className = className;
    if (text !== undefined && text !== null)
        node.textContent = String(text);
    return node;
};

// Asks for one draw of `view` at the next frame, however many changes come before it.
ML.scheduleDraw = function (view) {
    if (view.pending)
        return;
    view.pending = true;
    window.requestAnimationFrame(function () {
        view.pending = false;
        view.draw();
    });
};

ML.clear = function (node) {
    while (node.firstChild)
        node.removeChild(node.firstChild);
    return node;
};

// As memlens writes sizes: 1024-based, one decimal where it matters ("192 KB", "1.5 MB").
ML.bytes = function (n) {
    if (n === null || n === undefined)
        return '-';
    if (n < 1024)
        return n + ' B';
    const units = ['B', 'KB', 'MB', 'GB', 'TB'];
    let value = n;
    let unit = 0;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    const rounded = Math.round(value * 10) / 10;
    return (Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)) + ' ' + units[unit];
};

ML.percent = function (part, whole) {
    if (!whole)
        return '-';
    const share = 100 * part / whole;
    const rounded = Math.round(share);
    if (rounded === 0 && part > 0)
        return '<1%';
    if (rounded !== 100 || part === whole)
        return rounded + '%';
    const tenths = part > whole ? Math.max(1001, Math.round(share * 10)) : Math.min(999, Math.round(share * 10));
    return (tenths / 10).toFixed(1) + '%';
};

ML.baseName = function (path) {
    if (!path)
        return '';
    const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    return cut < 0 ? path : path.slice(cut + 1);
};

// A round step of about `target` units for an axis spanning `span`.
ML.niceStep = function (span, target) {
    const raw = span / Math.max(1, target);
    const power = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const m of [1, 2, 5, 10])
        if (m * power >= raw)
            return m * power;
    return 10 * power;
};

// A step for byte axes: a power of two of bytes.
ML.byteStep = function (span, target) {
    const raw = span / Math.max(1, target);
    let step = 1;
    while (step < raw)
        step *= 2;
    return step;
};

// Distinct, readable block colours; a block's colour follows its source line.
ML.palette = ['#4e79a7', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#9c755f', '#f28e2b', '#86bcb6', '#8cd17d',
    '#b6992d', '#499894', '#d4a6c8', '#a0cbe8', '#ffbe7d', '#79706e', '#bab0ac'];
ML.overColour = '#d62728';

ML.hexToAbgr = function (hex, alpha) {
    const r = parseInt(hex.slice(1, 3), 16);
    const g = parseInt(hex.slice(3, 5), 16);
    const b = parseInt(hex.slice(5, 7), 16);
    return ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
};

// A line of label: value pairs into `parent` (a definition list).
ML.fact = function (parent, label, value, className) {
    const row = ML.el('div', 'fact' + (className ? ' ' + className : ''));
    row.appendChild(ML.el('span', 'fact-label', label));
    row.appendChild(ML.el('span', 'fact-value', value));
    parent.appendChild(row);
    return row;
};
