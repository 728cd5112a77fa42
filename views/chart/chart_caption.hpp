#pragma once
// The caption an exported chart carries on top (the kernel and verdict, what it needs against
// the capacity, the compiler's error): laid out once, painted alike into the PNG and the SVG.
#include <QSize>
#include <QStringList>

class QPainter;

namespace memlens {

// The caption's height in an image `size` wide: a line each (a long error wraps to at most
// three lines), never more than half the image.
int chartCaptionHeight(QSize size, const QStringList& lines);

// Paints `lines` at the top of an image of `size` (the first bold, an error or a shortfall in
// the warning colour); text only, so an SVG's rects stay the blocks'.
void paintChartCaption(QPainter& painter, QSize size, const QStringList& lines);

} // namespace memlens
