#include "views/view_text.hpp"

#include "core/dump/dump_model.hpp"
#include "core/source/mlir_location.hpp"
#include "core/text/byte_size.hpp"

#include <QStringList>

#include <filesystem>

namespace memlens {

namespace {
QString fileName(const std::string& path) { return toQString(std::filesystem::path(path).filename().string()); }
} // namespace

QString bytesText(std::uint64_t bytes) { return QString::fromStdString(formatBytes(bytes)); }

QString bufferTypeText(const Buffer& buffer)
{
    if (buffer.shape().empty() && buffer.elementType().empty())
        return toQString(buffer.memrefType());
    QStringList parts;
    for (const std::int64_t dim : buffer.shape())
        parts << (dim < 0 ? QStringLiteral("?") : QString::number(dim));
    parts << toQString(buffer.elementType());
    return parts.join(QLatin1Char('x'));
}

QString shortLocationText(std::string_view rawLocation)
{
    if (rawLocation.empty())
        return {};
    const LocationResolver resolver;
    const ResolvedLocation resolved = resolveLocationText(rawLocation, resolver);
    std::optional<SourceFrame> frame = resolved.primary;
    if (!frame && !resolved.chain.empty())
        frame = resolved.chain.front();
    if (!frame) {
        const LocationParseResult parsed = parseLocation(rawLocation);
        if (parsed.ok() && std::holds_alternative<UnknownLoc>(parsed.location->node))
            return QStringLiteral("unknown");
        return QString::fromUtf8(rawLocation.data(), static_cast<qsizetype>(rawLocation.size()));
    }
    QString text = fileName(frame->file) + QLatin1Char(':') + QString::number(frame->line);
    if (frame->column > 0)
        text += QLatin1Char(':') + QString::number(frame->column);
    if (!frame->name.empty())
        text += QStringLiteral(" \"%1\"").arg(toQString(frame->name));
    return text;
}

QColor secondaryText(const QPalette& palette)
{
    const QColor text = palette.color(QPalette::WindowText);
    const QColor window = palette.color(QPalette::Window);
    const auto mix = [](float a, float b) { return a * 0.62f + b * 0.38f; };
    return QColor::fromRgbF(
        mix(text.redF(), window.redF()), mix(text.greenF(), window.greenF()), mix(text.blueF(), window.blueF()));
}

QTextCharFormat textFormat(const QColor& color, bool bold, bool italic)
{
    QTextCharFormat format;
    format.setForeground(color);
    if (bold)
        format.setFontWeight(QFont::DemiBold);
    if (italic)
        format.setFontItalic(true);
    return format;
}

namespace {
constexpr QChar kBreak(0x200B); // ZERO WIDTH SPACE
constexpr int kLongestUnbroken = 16;
bool isSeparator(QChar c)
{
    return c == u'/' || c == u'_' || c == u'.' || c == u',' || c == u':' || c == u'<' || c == u'>' || c == u'-'
        || c == u'=' || c == u')' || c == u']';
}
} // namespace

QString breakable(const QString& text)
{
    // Only words too long for a narrow dock get breaks: a short one wraps whole, at its spaces.
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype at = 0; at < text.size();) {
        qsizetype end = at;
        while (end < text.size() && !text[end].isSpace())
            ++end;
        if (end - at <= kLongestUnbroken) {
            out += QStringView(text).mid(at, end - at);
        } else {
            int run = 0; // characters since the last place a line may break
            for (qsizetype i = at; i < end; ++i) {
                if (run >= kLongestUnbroken) {
                    out += kBreak;
                    run = 0;
                }
                out += text[i];
                ++run;
                if (isSeparator(text[i]) && run > 1 && i + 1 < end) {
                    out += kBreak;
                    run = 0;
                }
            }
        }
        for (; end < text.size() && text[end].isSpace(); ++end)
            out += text[end];
        at = end;
    }
    return out;
}

QString withoutBreaks(QString text) { return text.remove(kBreak); }

} // namespace memlens
