#include "views/kernel_cores.hpp"

#include "core/document/kernel_folder.hpp"

#include <QFileInfo>

#include <algorithm>
#include <tuple>

namespace memlens {

KernelCores::KernelCores(QObject* parent)
    : QObject(parent)
{
}

void KernelCores::setFolder(const QString& folder, const QStringList& files)
{
    folder_ = folder;
    current_.clear();
    cores_.clear();
    for (const QString& file : files) {
        const QString name = QFileInfo(file).completeBaseName();
        // memory_info_aic.json -> "aic"; others by their file name until loaded.
        cores_.push_back({QFileInfo(file).absoluteFilePath(),
            name.startsWith(QLatin1String("memory_info_")) ? name.mid(12) : name, nullptr});
    }
    emit changed();
}

void KernelCores::clear()
{
    if (!active() && folder_.isEmpty())
        return;
    folder_.clear();
    current_.clear();
    cores_.clear();
    emit changed();
}

int KernelCores::indexOf(const QString& path) const
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (std::size_t i = 0; i < cores_.size(); ++i)
        if (cores_[i].path == absolute)
            return static_cast<int>(i);
    return -1;
}

void KernelCores::setDocument(const QString& path, std::shared_ptr<const PlanDocument> document)
{
    const int at = indexOf(path);
    if (at < 0)
        return;
    Core& core = cores_[static_cast<std::size_t>(at)];
    core.document = std::move(document);
    if (core.document)
        core.name = QString::fromStdString(coreNameOf(*core.document));
    emit changed();
}

std::shared_ptr<const PlanDocument> KernelCores::documentOf(const QString& path) const
{
    const int at = indexOf(path);
    return at < 0 ? nullptr : cores_[static_cast<std::size_t>(at)].document;
}

bool KernelCores::complete() const
{
    return std::all_of(cores_.begin(), cores_.end(), [](const Core& core) { return core.document != nullptr; });
}

QString KernelCores::kernelName() const
{
    std::vector<std::string> kernels;
    for (const Core& core : cores_)
        if (core.document)
            kernels.push_back(core.document->dump.kernel);
    return QString::fromStdString(folderKernelName(kernels));
}

QStringList KernelCores::notes() const
{
    std::vector<std::string> files, kernels;
    for (const Core& core : cores_)
        if (core.document) {
            files.push_back(core.path.toStdString());
            kernels.push_back(core.document->dump.kernel);
        }
    QStringList notes;
    for (const std::string& note : pairNotes(files, kernels))
        notes << QString::fromStdString(note);
    return notes;
}

QString KernelCores::differentKernels() const
{
    const QString name = kernelName();
    return name.contains(QStringLiteral(" + ")) ? name : QString();
}

QString KernelCores::differentKernelsNote() const
{
    if (differentKernels().isEmpty() || !notes().isEmpty())
        return {};
    QStringList each;
    for (const Core& core : cores_)
        if (core.document)
            each << tr("%1 runs %2").arg(core.name, QString::fromStdString(core.document->dump.kernel));
    return tr("The cores run different kernels: %1.").arg(each.join(QStringLiteral(", ")));
}

void KernelCores::setCurrent(const QString& path)
{
    const int at = indexOf(path);
    const QString next = at < 0 ? QString() : cores_[static_cast<std::size_t>(at)].path;
    if (next == current_)
        return;
    current_ = next;
    emit changed();
}

QString KernelCores::worstCore() const
{
    QString first;
    for (const Core& core : cores_) {
        if (!core.document)
            continue;
        if (first.isEmpty())
            first = core.path;
        for (const PlanAnalysis& analysis : core.document->analyses)
            if (analysis.overflow)
                return core.path;
    }
    return first;
}

std::optional<KernelCores::Place> KernelCores::nextOverCapacity(const Place& from) const
{
    // Every block above capacity in order: core, scope, block. The first after `from`, else the first.
    std::optional<Place> first;
    for (std::size_t c = 0; c < cores_.size(); ++c) {
        const PlanDocument* document = cores_[c].document.get();
        if (!document)
            continue;
        for (std::size_t s = 0; s < document->analyses.size(); ++s)
            for (const int block : document->analyses[s].overCapacityBlocks) {
                const Place place{static_cast<int>(c), static_cast<int>(s), block};
                if (!first)
                    first = place;
                if (std::tie(place.core, place.scope, place.block) > std::tie(from.core, from.scope, from.block))
                    return place;
            }
    }
    return first;
}

} // namespace memlens
