#pragma once
// The Python files the source panes show: found (with the document's
// FileFinder) and read off the GUI thread, then remembered. A text read before
// is used again while the file on disk keeps its size and time; a file not found
// is remembered as such until the next document (a reload may bring
// substitutions or source folders); the user's answer to "Locate…" wins from then on.
#include "core/source/file_finder.hpp"
#include "views/job_runner.hpp"

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlens {

// One answer: the text of a file, why it cannot be read, or where it was looked for.
struct SourceFile {
    QString key;      // SourceFileCache::keyFor() of the request
    QString original; // as the IR or dump names it
    QString local;    // where it is on this machine ("" when not found)
    QString text;
    QString error;                  // why the file found cannot be read ("" when read)
    std::vector<std::string> tried; // where it was looked for, when not found
    std::string note;               // the finder's explanation, when not found

    bool found() const { return !local.isEmpty(); }
    bool read() const { return found() && error.isEmpty(); }
};

class SourceFileCache : public QObject {
    Q_OBJECT
public:
    // How files are read off the GUI thread (readTextFile by default); it must be thread-safe.
    using FileReader = std::function<ReadResult(const std::string& path)>;

    explicit SourceFileCache(QObject* parent = nullptr);

    void setFileReader(FileReader reader);
    // How files named in the document on show are found; forgets which files were not found.
    void setFinder(std::shared_ptr<const FileFinder> finder);
    // The user's answer for a file that was not found.
    void setLocated(const QString& original, const QString& local);

    // The request for `original`, known on this machine as `local` ("" when not
    // known): the local path (or the user's answer), else "?" + original.
    QString keyFor(const QString& original, const QString& local) const;
    // The answer when it needs no reading: the text read before (the file
    // unchanged on disk: a stat) or the memo that the file is not found.
    std::optional<SourceFile> cached(const QString& original, const QString& local) const;
    // Finds and reads off the GUI thread, then emits ready() once; a read of the
    // same key on its way serves this request too. Returns the key.
    QString request(const QString& original, const QString& local);
    bool isReading(const QString& key) const { return reading_.contains(key); }

signals:
    // Every answer is remembered; the receiver decides whether it still wants it.
    void ready(const memlens::SourceFile& file);

private:
    struct CachedText {
        QString text;
        qint64 modified = 0; // ms since epoch
        qint64 size = -1;
    };
    struct NotFound {
        std::vector<std::string> tried;
        std::string note;
    };
    struct Load {
        SourceFile file;
        qint64 modified = 0;
        qint64 size = -1;
    };
    QString localFor(const QString& original, const QString& local) const;
    void finish(const Load& load);

    FileReader reader_;
    std::shared_ptr<const FileFinder> finder_;
    QHash<QString, CachedText> texts_;  // by local path
    QHash<QString, NotFound> notFound_; // by original path
    QHash<QString, QString> located_;   // original path -> the user's answer
    QHash<QString, int> reading_;       // key -> the job that reads it
    JobRunner jobs_{JobRunner::Mode::Concurrent};
};

} // namespace memlens
