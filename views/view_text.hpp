#pragma once
// Small text and colour helpers shared by the views: how a buffer's type, a
// location and a size read, and the secondary text colour.
#include <QColor>
#include <QPalette>
#include <QString>
#include <QTextCharFormat>

#include <cstdint>
#include <string>
#include <string_view>

namespace memlens {

struct Buffer;

inline QString toQString(const std::string& text) { return QString::fromStdString(text); }
// "128 KB": core's formatBytes as a QString.
QString bytesText(std::uint64_t bytes);

// "65536xf16", "2x?x16xf32", or the whole memref type when it has no shape.
QString bufferTypeText(const Buffer& buffer);
// A dump location as people read it: "kernel.py:21:12 \"a\"", "unknown", or the raw text.
QString shortLocationText(std::string_view rawLocation);

// `text` with zero-width spaces where a word-wrapped label may break a word longer than 16
// characters: after path and name separators, and every 16 characters of a run without one (a
// 200-character kernel name, a long type or path would otherwise widen its dock). Shorter words
// wrap whole. withoutBreaks() takes the spaces out again.
QString breakable(const QString& text);
QString withoutBreaks(QString text);

// True when the palette is dark (its base colour, where text is shown, is dark).
inline bool isDarkPalette(const QPalette& palette) { return palette.color(QPalette::Base).lightness() < 128; }

// Secondary text: between the text and the background, readable on light and dark palettes.
QColor secondaryText(const QPalette& palette);

// A character format for syntax highlighting.
QTextCharFormat textFormat(const QColor& color, bool bold = false, bool italic = false);

} // namespace memlens
