#include "views/source/source_file_cache.hpp"

#include <QDateTime>
#include <QFileInfo>

namespace memlens {

namespace {

ReadResult readFromDisk(const std::string& path) { return readTextFile(path); }

} // namespace

SourceFileCache::SourceFileCache(QObject* parent)
    : QObject(parent)
    , reader_(readFromDisk)
{
}

void SourceFileCache::setFileReader(FileReader reader) { reader_ = reader ? std::move(reader) : readFromDisk; }

void SourceFileCache::setFinder(std::shared_ptr<const FileFinder> finder)
{
    finder_ = std::move(finder);
    notFound_.clear();
}

void SourceFileCache::setLocated(const QString& original, const QString& local)
{
    located_.insert(original, local);
    notFound_.remove(original);
}

QString SourceFileCache::localFor(const QString& original, const QString& local) const
{
    return local.isEmpty() ? located_.value(original) : local;
}

QString SourceFileCache::keyFor(const QString& original, const QString& local) const
{
    const QString path = localFor(original, local);
    return path.isEmpty() ? QStringLiteral("?") + original : path;
}

std::optional<SourceFile> SourceFileCache::cached(const QString& original, const QString& local) const
{
    SourceFile file;
    file.key = keyFor(original, local);
    file.original = original;
    file.local = localFor(original, local);
    if (file.local.isEmpty()) {
        const auto it = notFound_.constFind(original);
        if (it == notFound_.constEnd())
            return std::nullopt;
        file.tried = it->tried;
        file.note = it->note;
        return file;
    }
    const auto it = texts_.constFind(file.local);
    if (it == texts_.constEnd())
        return std::nullopt;
    // Still the same file on disk? (a stat; the read itself stays off the GUI thread)
    const QFileInfo info(file.local);
    if (!info.exists() || info.size() != it->size || info.lastModified().toMSecsSinceEpoch() != it->modified)
        return std::nullopt;
    file.text = it->text;
    return file;
}

QString SourceFileCache::request(const QString& original, const QString& local)
{
    Load load;
    load.file.key = keyFor(original, local);
    load.file.original = original;
    load.file.local = localFor(original, local);
    if (reading_.contains(load.file.key))
        return load.file.key; // the read on its way serves this request too
    auto finder = finder_;
    FileReader reader = reader_;
    const int job = jobs_.start(
        [load, finder, reader](const JobCancel& cancel) mutable {
            SourceFile& file = load.file;
            if (file.local.isEmpty() && finder) {
                const FindResult found = finder->find(file.original.toStdString());
                for (const auto& tried : found.tried)
                    file.tried.push_back(tried.string());
                file.note = found.note;
                if (found.found)
                    file.local = QString::fromStdString(found.found->string());
            }
            if (file.local.isEmpty() || cancel.requested())
                return load;
            const QFileInfo info(file.local);
            load.modified = info.lastModified().toMSecsSinceEpoch();
            load.size = info.size();
            ReadResult read = reader(file.local.toStdString());
            if (read.ok())
                file.text = QString::fromStdString(read.text);
            else
                file.error = QString::fromStdString(read.error);
            return load;
        },
        [this](Load load) { finish(load); });
    reading_.insert(load.file.key, job);
    return load.file.key;
}

void SourceFileCache::finish(const Load& load)
{
    const SourceFile& file = load.file;
    reading_.remove(file.key);
    if (file.read())
        texts_.insert(file.local, CachedText{file.text, load.modified, load.size});
    else if (!file.found())
        notFound_.insert(file.original, NotFound{file.tried, file.note});
    emit ready(file);
}

} // namespace memlens
