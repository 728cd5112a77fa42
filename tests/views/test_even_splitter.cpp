// The source panes' splitter shares its width evenly, whatever the panes' size hints, until
// the user drags a handle.
#include "views/source/even_splitter.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QLabel>
#include <QTest>

namespace {

// A pane that asks for far more than its share, like the compile log's pane with its note.
QLabel* wideLabel(QWidget* parent)
{
    auto* label = new QLabel(QString(400, QLatin1Char('x')), parent);
    label->setMinimumWidth(20);
    return label;
}

} // namespace

TEST_CASE("the splitter shares its width evenly among the visible panes", "[views][splitter]")
{
    EvenSplitter splitter(Qt::Horizontal);
    splitter.setHandleWidth(6);
    auto* narrow = new QWidget(&splitter);
    auto* wide = wideLabel(&splitter);
    auto* third = new QWidget(&splitter);
    splitter.addWidget(narrow);
    splitter.addWidget(wide);
    splitter.addWidget(third);
    splitter.resize(612, 100);
    splitter.show();
    REQUIRE(QTest::qWaitForWindowExposed(&splitter));
    CHECK(splitter.sizes() == QList<int>{200, 200, 200});

    // A pane hidden: the other two share its room.
    third->hide();
    QTest::qWait(20);
    CHECK(splitter.sizes() == QList<int>{303, 303, 0});
    third->show();
    QTest::qWait(20);
    CHECK(splitter.sizes() == QList<int>{200, 200, 200});

    splitter.resize(912, 100);
    QApplication::processEvents();
    CHECK(splitter.sizes() == QList<int>{300, 300, 300});

    // Stretch factors weigh the shares.
    splitter.setStretchFactor(0, 2);
    splitter.resize(1212, 100);
    QApplication::processEvents();
    CHECK(splitter.sizes() == QList<int>{600, 300, 300});
}

TEST_CASE("after the user drags a handle the splitter keeps the user's sizes", "[views][splitter]")
{
    EvenSplitter splitter(Qt::Horizontal);
    splitter.setHandleWidth(6);
    for (int i = 0; i < 2; ++i)
        splitter.addWidget(new QWidget(&splitter));
    splitter.resize(606, 100);
    splitter.show();
    REQUIRE(QTest::qWaitForWindowExposed(&splitter));
    CHECK(splitter.sizes() == QList<int>{300, 300});
    CHECK_FALSE(splitter.userSized());

    QSplitterHandle* handle = splitter.handle(1);
    const QPoint grab = handle->rect().center();
    QTest::mousePress(handle, Qt::LeftButton, {}, grab);
    QMouseEvent move(QEvent::MouseMove, QPointF(grab - QPoint(100, 0)),
        handle->mapToGlobal(QPointF(grab - QPoint(100, 0))), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(handle, &move);
    QTest::mouseRelease(handle, Qt::LeftButton, {}, grab - QPoint(100, 0));
    CHECK(splitter.userSized());
    const QList<int> dragged = splitter.sizes();
    CHECK(dragged.front() < 250);

    splitter.resize(606, 120); // a resize that keeps the width keeps the sizes
    QApplication::processEvents();
    CHECK(splitter.sizes() == dragged);
}
