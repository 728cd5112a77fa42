#pragma once

#include <QDateTime>
#include <QFileInfo>
#include <QString>

namespace memlens {

// What a dump file looked like when memlens read it: a change notice for a file
// that still looks so is about the version already on show (a reload read it
// before the system's notice arrived).
struct FileStamp {
    QString path;
    qint64 size = -1;
    QDateTime modified;
    QDateTime metadataChanged; // also moves when a file is replaced by one with the same times

    static FileStamp of(const QString& file)
    {
        const QFileInfo info(file);
        FileStamp stamp;
        stamp.path = file;
        if (info.exists()) {
            stamp.size = info.size();
            stamp.modified = info.lastModified();
            stamp.metadataChanged = info.metadataChangeTime();
        }
        return stamp;
    }
    bool isValid() const { return size >= 0; }
    bool operator==(const FileStamp&) const = default;
};

} // namespace memlens
