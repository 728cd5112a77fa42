#include "views/source/source_panes.hpp"

#include "views/source/late_ir_pane.hpp"
#include "views/style.hpp"

#include "core/document/plan_document.hpp"
#include "core/source/file_finder.hpp"
#include "views/plan_session.hpp"
#include "views/source/even_splitter.hpp"
#include "views/source/source_file_cache.hpp"
#include "views/source/source_pane.hpp"
#include "views/source/source_text_view.hpp"
#include "views/view_text.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QPushButton>
#include <QResizeEvent>
#include <QScopedValueRollback>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens {

namespace {

const QString kSelectHint = QStringLiteral("Select a block to see the IR line and the Python line that allocated it");
const QString kOpenHint = QStringLiteral(
    "Open a memory plan dump, then select a block to see the IR line and the Python line that allocated it");
const QString kArrow = QStringLiteral(" \u2190 ");
constexpr int kReadingNoticeMs = 300; // a quick read never shows "Reading…"

// The core's note, as a sentence.
QString noLineInfoText()
{
    QString text = QString::fromUtf8(kNoLineInfoNote);
    text[0] = text[0].toUpper();
    return text + QLatin1Char('.');
}

QString dimColor(bool dark) { return style::css(style::paneDim(dark)); }

// The call chain as plain text and as rich text (library frames dimmed, the primary frame bold).
std::pair<QString, QString> describeChain(const BlockSource& source, bool dark)
{
    const bool interesting = source.pythonFrames.size() > 1
        || std::any_of(source.chain.begin(), source.chain.end(), [](const SourceFrame& f) { return f.library; });
    if (!interesting || source.chain.empty())
        return {};
    QStringList plain;
    QStringList rich;
    QString previous;
    const QString dim = dimColor(dark);
    for (const SourceFrame& frame : source.chain) {
        const QString text = toQString(formatFrame(frame));
        if (text == previous)
            continue;
        previous = text;
        plain << text;
        const bool primary = source.python && frame == *source.python;
        QString html = text.toHtmlEscaped();
        if (frame.library)
            html = QStringLiteral("<span style=\"color:%1\">%2</span>").arg(dim, html);
        else if (primary)
            html = QStringLiteral("<b>%1</b>").arg(html);
        rich << html;
    }
    const QString label = QStringLiteral("<span style=\"color:%1\">call chain&nbsp;&nbsp;</span>").arg(dim);
    return {plain.join(kArrow), label + rich.join(kArrow.toHtmlEscaped())};
}

} // namespace

SourcePanes::SourcePanes(PlanSession* session, QWidget* parent)
    : QWidget(parent)
    , session_(session)
    , splitter_(new EvenSplitter(Qt::Horizontal, this))
    , files_(new SourceFileCache(this))
    , readingNotice_(new QTimer(this))
{
    setObjectName(QStringLiteral("sourcePanes"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    splitter_->setChildrenCollapsible(false);
    splitter_->setHandleWidth(6);
    layout->addWidget(splitter_);

    ir_ = new SourcePane(tr("IR"), style::badgeIr(), SourceTextView::Language::Mlir, tr("Open IR\u2026"), splitter_);
    python_ = new SourcePane(
        tr("Python"), style::badgePython(), SourceTextView::Language::Python, tr("Locate\u2026"), splitter_);
    ir_->view()->setObjectName(QStringLiteral("irView"));
    python_->view()->setObjectName(QStringLiteral("pythonView"));
    ir_->button()->setObjectName(QStringLiteral("openIrButton"));
    python_->button()->setObjectName(QStringLiteral("locateButton"));
    splitter_->addWidget(ir_);
    splitter_->addWidget(python_);
    // The compile log's late IR, third, only when the document has a log.
    lateIr_ = new LateIrPane(session_, splitter_);
    splitter_->addWidget(lateIr_);
    splitter_->setStretchFactor(0, 1);
    splitter_->setStretchFactor(1, 1);
    splitter_->setStretchFactor(2, 1);

    readingNotice_->setSingleShot(true);
    readingNotice_->setInterval(kReadingNoticeMs);
    connect(readingNotice_, &QTimer::timeout, this, &SourcePanes::showReading);
    connect(files_, &SourceFileCache::ready, this, &SourcePanes::onFileReady);

    connectPanes();
    onDocumentChanged();
}

void SourcePanes::connectPanes()
{
    connect(splitter_, &QSplitter::splitterMoved, this, &SourcePanes::syncHeaderHeights);
    connect(ir_, &SourcePane::headerChanged, this, &SourcePanes::syncHeaderHeights);
    connect(python_, &SourcePane::headerChanged, this, &SourcePanes::syncHeaderHeights);
    connect(ir_->button(), &QPushButton::clicked, this, &SourcePanes::openIrRequested);
    connect(python_->button(), &QPushButton::clicked, this, &SourcePanes::locatePythonFile);
    connect(ir_->view(), &SourceTextView::lineActivated, this, &SourcePanes::onIrLineActivated);
    connect(python_->view(), &SourceTextView::lineActivated, this, &SourcePanes::onPythonLineActivated);
    connect(ir_->view(), &SourceTextView::escapePressed, this, &SourcePanes::clearLineHighlight);
    connect(python_->view(), &SourceTextView::escapePressed, this, &SourcePanes::clearLineHighlight);

    if (session_) {
        connect(session_, &PlanSession::documentChanged, this, &SourcePanes::onDocumentChanged);
        connect(session_, &PlanSession::scopeChanged, this, &SourcePanes::refresh);
        connect(session_, &PlanSession::selectedBlockChanged, this, &SourcePanes::refresh);
        // The chip's clear button, Esc in the table or another scope ends the line's highlight:
        // the status bar stops describing it.
        connect(session_, &PlanSession::highlightChanged, this, [this] {
            if (!describingLine_ || highlighting_ || !session_->highlightedLine().isEmpty())
                return;
            describingLine_ = false;
            emit lineDescribed(QString());
        });
    }
}

// Reads on their way are dropped with the cache (they deliver nothing to dead panes).
SourcePanes::~SourcePanes() = default;

SourceTextView* SourcePanes::irView() const { return ir_->view(); }
SourceTextView* SourcePanes::pythonView() const { return python_->view(); }
QString SourcePanes::irHeaderText() const { return ir_->headerText(); }
QString SourcePanes::pythonHeaderText() const { return python_->headerText(); }
QString SourcePanes::chainText() const { return python_->subText(); }
int SourcePanes::irHighlightedLine() const { return ir_->isShowingCode() ? ir_->view()->strongLine() : 0; }
int SourcePanes::pythonHighlightedLine() const { return python_->isShowingCode() ? python_->view()->strongLine() : 0; }
QString SourcePanes::irMessageText() const { return ir_->messageText(); }
QString SourcePanes::pythonMessageText() const { return python_->messageText(); }
bool SourcePanes::isShowingIrCode() const { return ir_->isShowingCode(); }
bool SourcePanes::isShowingPythonCode() const { return python_->isShowingCode(); }
QPushButton* SourcePanes::openIrButton() const { return ir_->button(); }
QPushButton* SourcePanes::locateButton() const { return python_->button(); }

void SourcePanes::setOpenIrOffered(bool offered)
{
    openIrOffered_ = offered;
    shown_.reset();
    refresh();
}

void SourcePanes::setLateIrOffered(bool offered) { lateIr_->setOffered(offered); }

void SourcePanes::syncHeaderHeights()
{
    // Both headers as tall as the taller one, so the two code views start at the same height.
    int height = 0;
    for (SourcePane* pane : {ir_, python_}) {
        QFrame* header = pane->header();
        header->setMinimumHeight(0);
        const int width = header->width();
        const int wanted
            = header->hasHeightForWidth() && width > 0 ? header->heightForWidth(width) : header->sizeHint().height();
        height = std::max(height, wanted);
    }
    ir_->header()->setMinimumHeight(height);
    python_->header()->setMinimumHeight(height);
}

void SourcePanes::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    syncHeaderHeights();
}

void SourcePanes::onDocumentChanged()
{
    const PlanDocument* document = session_ ? session_->document() : nullptr;
    files_->setFinder(document ? document->finder : nullptr);
    shown_.reset();
    lineIndex_.reset();
    refresh();
}

const BlockLineIndex& SourcePanes::lineIndex()
{
    const PlanDocument* document = session_ ? session_->document() : nullptr;
    const int scope = session_ ? session_->scopeIndex() : -1;
    if (!document || scope < 0) {
        static const BlockLineIndex none;
        return none;
    }
    lineIndex_ = document->lineIndexOf(static_cast<std::size_t>(scope)); // built once, in the document
    return *lineIndex_;
}

void SourcePanes::refresh()
{
    const PlanDocument* document = session_ ? session_->document() : nullptr;
    const Shown now{document, session_ ? session_->scopeIndex() : -1, session_ ? session_->selectedBlock() : -1};
    if (document && shown_ == now)
        return;
    shown_ = now;

    if (!document) {
        ir_->showHint(kOpenHint);
        showPythonHint(kOpenHint);
        return;
    }
    const Block* selected = session_->selectedBlockPtr();
    const BlockSource* source = selected ? document->sourceOf(static_cast<std::size_t>(now.scope), *selected) : nullptr;
    showIr(document, source, selected != nullptr);
    if (!selected) {
        showPythonHint(kSelectHint);
        return;
    }
    showPython(document, source);
}

void SourcePanes::showIr(const PlanDocument* document, const BlockSource* source, bool blockSelected)
{
    SourcePane& pane = *ir_;
    if (!document->ir) {
        pane.setHeader({}, {}, {});
        pane.setSub({});
        const QString note
            = document->irNote.empty() ? tr("No IR file was found beside the dump.") : toQString(document->irNote);
        pane.showMessage(tr("No IR loaded"), note, QStyle::SP_MessageBoxInformation, openIrOffered_);
        return;
    }
    if (!source) {
        if (blockSelected) {
            pane.setHeader({}, {}, {});
            pane.setSub({});
            pane.showMessage(tr("No source information for this block"), {}, QStyle::SP_MessageBoxInformation, false);
        } else {
            pane.showHint(kSelectHint);
        }
        return;
    }
    const QString irPath
        = QDir::cleanPath(toQString(document->irFile.empty() ? document->ir->path() : document->irFile));
    if (!source->ir) {
        pane.setHeader(irPath, {}, {});
        pane.setSub({});
        pane.showMessage(
            tr("No IR line for this block"), toQString(source->note), QStyle::SP_MessageBoxInformation, false);
        return;
    }
    if (source->ir->file != document->ir->path()) {
        pane.setHeader(toQString(source->ir->file), {}, tr("line %1").arg(source->ir->line));
        pane.setSub({});
        pane.showMessage(tr("The block's IR line is in another file"),
            tr("%1:%2 is not in the loaded IR (%3).")
                .arg(toQString(source->ir->file))
                .arg(source->ir->line)
                .arg(irPath),
            QStyle::SP_MessageBoxWarning, true);
        return;
    }

    SourceTextView* view = pane.view();
    if (shownIr_.get() != static_cast<const void*>(document->ir.get())) {
        view->setSourceText(toQString(document->ir->text()));
        shownIr_ = document->ir;
    }
    view->setMarkedLines(lineIndex().irLines());
    const int line = source->ir->line;
    view->setHighlightedLines(line, source->irLines);
    view->centerOnLine(line);
    pane.setHeader(irPath, irPath, tr("line %1").arg(line));
    // The dump's name of the buffer: the IR on show names it differently (%alloc_4 is %row_sum).
    const QString dim = dimColor(view->isDarkTheme());
    QString sub;
    QString rich;
    if (const ScopePlan* scope = session_->scope(); scope && session_->selectedBlockPtr()) {
        const QString name = toQString(scope->bufferOf(*session_->selectedBlockPtr()).ssaName);
        sub = tr("dump buffer %1").arg(name);
        rich = QStringLiteral("<span style=\"color:%1\">%2&nbsp;&nbsp;</span><b>%3</b>")
                   .arg(dim, tr("dump buffer").toHtmlEscaped(), name.toHtmlEscaped());
    }
    if (source->irLines.size() > 1) {
        QStringList lines;
        for (int candidate : source->irLines)
            lines << QString::number(candidate);
        const QString candidates = tr("%1 candidate lines: %2 (line %3 is the best match)")
                                       .arg(source->irLines.size())
                                       .arg(lines.join(QStringLiteral(", ")))
                                       .arg(line);
        const QString separator = sub.isEmpty() ? QString() : QStringLiteral("  \u00b7  ");
        sub += separator + candidates;
        rich += separator + QStringLiteral("<span style=\"color:%1\">%2</span>").arg(dim, candidates.toHtmlEscaped());
    }
    pane.setSub(sub, rich);
    pane.showCode();
}

void SourcePanes::showPythonHint(const QString& text)
{
    pythonKey_.clear();
    pythonOriginal_.clear();
    reading_ = false;
    readingNotice_->stop();
    python_->showHint(text);
    emit pythonShown();
}

void SourcePanes::showPython(const PlanDocument* document, const BlockSource* source)
{
    if (source && source->python) {
        requestPython(*source);
        return;
    }
    pythonKey_.clear();
    pythonOriginal_.clear();
    reading_ = false;
    readingNotice_->stop();
    SourcePane& pane = *python_;
    pane.setHeader({}, {}, {});
    const auto [plain, rich]
        = source ? describeChain(*source, pane.view()->isDarkTheme()) : std::pair<QString, QString>();
    pane.setSub(plain, rich);
    QString why = source ? toQString(source->note) : QString();
    if (document->lineInfo == LineInfo::Missing) // the block's own note stays, below the reason and the remedy
        why = noLineInfoText() + (why.isEmpty() ? QString() : QStringLiteral("\n") + why);
    if (why.isEmpty())
        why = tr("The block's location names no Python file.");
    pane.showMessage(tr("No Python location for this block"), why, QStyle::SP_MessageBoxInformation, false);
    emit pythonShown();
}

void SourcePanes::requestPython(const BlockSource& source)
{
    const SourceFrame& frame = *source.python;
    pythonFrame_ = frame;
    pythonOriginal_ = toQString(frame.file);
    pythonOtherLines_.clear();
    for (const SourceFrame& other : source.pythonFrames)
        if (other.file == frame.file && other.line != frame.line)
            pythonOtherLines_.push_back(other.line);
    std::tie(pythonChainPlain_, pythonChainRich_) = describeChain(source, python_->view()->isDarkTheme());

    const QString local = toQString(source.pythonLocalPath);
    pythonKey_ = files_->keyFor(pythonOriginal_, local);
    if (const std::optional<SourceFile> known = files_->cached(pythonOriginal_, local)) {
        showPythonFile(*known);
        return;
    }
    reading_ = true;
    readingNotice_->start();
    files_->request(pythonOriginal_, local);
}

void SourcePanes::showPythonLines(const QString& localPath, const std::vector<int>& lines, const QString& caption)
{
    if (lines.empty())
        return;
    pythonFrame_ = SourceFrame{localPath.toStdString(), lines.front()};
    pythonOriginal_ = localPath;
    pythonOtherLines_.assign(lines.begin() + 1, lines.end());
    pythonChainPlain_ = caption;
    pythonChainRich_.clear();
    pythonKey_ = files_->keyFor(localPath, localPath);
    if (const std::optional<SourceFile> known = files_->cached(localPath, localPath)) {
        showPythonFile(*known);
        return;
    }
    reading_ = true;
    readingNotice_->start();
    files_->request(localPath, localPath);
}

void SourcePanes::onFileReady(const SourceFile& file)
{
    // Another selection wants another file: the cache keeps this one for later.
    if (reading_ && file.key == pythonKey_)
        showPythonFile(file);
}

void SourcePanes::showReading()
{
    if (!reading_)
        return;
    python_->setHeader(pythonOriginal_, {}, tr("line %1").arg(pythonFrame_.line));
    python_->showMessage(tr("Reading %1\u2026").arg(toQString(std::string(fileNameOf(pythonOriginal_.toStdString())))),
        {}, QStyle::SP_CustomBase, false);
}

void SourcePanes::showPythonFile(const SourceFile& file)
{
    reading_ = false;
    readingNotice_->stop();
    if (!file.found()) {
        showPythonNotFound(file);
    } else if (!file.read()) {
        python_->setHeader(file.local, {}, tr("line %1").arg(pythonFrame_.line));
        python_->setSub(pythonChainPlain_, pythonChainRich_);
        python_->showMessage(tr("Cannot read %1").arg(QFileInfo(file.local).fileName()), file.error,
            QStyle::SP_MessageBoxWarning, false);
    } else {
        showPythonText(file.local, file.text);
    }
    emit pythonShown();
}

void SourcePanes::showPythonText(const QString& localPath, const QString& text)
{
    SourcePane& pane = *python_;
    SourceTextView* view = pane.view();
    view->setSourceText(text);
    const int line = pythonFrame_.line;
    const int lines = view->lineCount();
    view->setMarkedLines(lineIndex().pythonLines(pythonFrame_.file));
    QString tooltip = localPath;
    if (localPath != pythonOriginal_)
        tooltip += tr("\nnamed %1 where the kernel was compiled").arg(pythonOriginal_);
    if (line >= 1 && line <= lines) {
        view->setHighlightedLines(line, pythonOtherLines_);
        view->centerOnLine(line);
        pane.setHeader(localPath, tooltip, tr("line %1").arg(line));
    } else {
        view->setHighlightedLines(0, pythonOtherLines_);
        pane.setHeader(localPath, tooltip, tr("line %1 (past the end: the file has %2 lines)").arg(line).arg(lines));
    }
    pane.setSub(pythonChainPlain_, pythonChainRich_);
    pane.showCode();
}

void SourcePanes::showPythonNotFound(const SourceFile& file)
{
    SourcePane& pane = *python_;
    pane.setHeader(pythonOriginal_, pythonOriginal_, tr("line %1").arg(pythonFrame_.line));
    pane.setSub(pythonChainPlain_, pythonChainRich_);
    QString detail
        // The path comes from the dump's location or from the IR's: say neither.
        = tr("The Python file %1 (line %2) is not on this machine.").arg(pythonOriginal_).arg(pythonFrame_.line);
    if (!file.tried.empty()) {
        detail += u'\n' + tr("Tried:");
        for (const auto& path : file.tried)
            detail += QStringLiteral("\n") + toQString(path);
    }
    if (!file.note.empty())
        detail += u'\n' + toQString(file.note);
    const QString name = toQString(std::string(fileNameOf(pythonOriginal_.toStdString())));
    pane.showMessage(tr("%1 not found").arg(name), detail, QStyle::SP_MessageBoxWarning, true);
}

void SourcePanes::locatePythonFile()
{
    if (pythonOriginal_.isEmpty())
        return;
    QString startDir;
    if (const PlanDocument* document = session_ ? session_->document() : nullptr)
        startDir = QFileInfo(toQString(document->dump.file)).absolutePath();
    const QString name = toQString(std::string(fileNameOf(pythonOriginal_.toStdString())));
    const QString chosen = QFileDialog::getOpenFileName(
        this, tr("Locate %1").arg(name), startDir, tr("%1 (%1);;Python files (*.py);;All files (*)").arg(name));
    if (!chosen.isEmpty())
        acceptLocatedFile(chosen);
}

void SourcePanes::acceptLocatedFile(const QString& localPath)
{
    if (pythonOriginal_.isEmpty() || localPath.isEmpty())
        return;
    const QString original = pythonOriginal_;
    files_->setLocated(original, localPath);
    // Show the answer at once; the owner stores a substitution and may reload.
    shown_.reset();
    refresh();
    emit fileLocated(original, localPath);
}

void SourcePanes::onIrLineActivated(int line)
{
    if (!session_ || !ir_->isShowingCode())
        return;
    const PlanDocument* document = session_->document();
    QString file;
    if (document && (!document->irFile.empty() || document->ir))
        file = QFileInfo(toQString(document->irFile.empty() ? document->ir->path() : document->irFile)).fileName();
    highlightLine(line, file, lineIndex().blocksAtIrLine(line));
}

void SourcePanes::onPythonLineActivated(int line)
{
    if (!session_ || !python_->isShowingCode() || pythonOriginal_.isEmpty())
        return;
    highlightLine(line, toQString(std::string(fileNameOf(pythonFrame_.file))),
        lineIndex().blocksAtPythonLine(pythonFrame_.file, line));
}

void SourcePanes::highlightLine(int line, const QString& fileName, const std::vector<int>& blocks)
{
    const QString origin = fileName.isEmpty() ? tr("Line %1").arg(line) : tr("Line %1 of %2").arg(line).arg(fileName);
    {
        const QScopedValueRollback guard(highlighting_, true);
        session_->setHighlightedBlocks(blocks, origin);
    }
    if (const ScopePlan* scope = session_->scope()) {
        describingLine_ = true;
        emit lineDescribed(toQString(describeLineAllocation(*scope, blocks, line)));
    }
}

void SourcePanes::clearLineHighlight()
{
    if (!session_)
        return;
    {
        const QScopedValueRollback guard(highlighting_, true);
        session_->setHighlightedBlocks({});
    }
    describingLine_ = false;
    emit lineDescribed(QString());
}

} // namespace memlens
