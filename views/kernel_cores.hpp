#pragma once
// The cores of the kernel on show when a kernel's folder is open: every dump of the folder
// (memory_info_aic.json, memory_info_aiv.json), each with its latest document, one of them on
// show in the PlanSession. The core selector and the kernel strip read it; the main window fills it.
#include "core/document/plan_document.hpp"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace memlens {

class KernelCores : public QObject {
    Q_OBJECT
public:
    struct Core {
        QString path;                                 // the dump, absolute
        QString name;                                 // "aic", "aiv" (core/kernel_folder coreNameOf)
        std::shared_ptr<const PlanDocument> document; // null until loaded
    };
    // A block of the kernel: the core (index into cores()), its scope and the block.
    struct Place {
        int core = -1;
        int scope = -1;
        int block = -1;
        bool operator==(const Place&) const = default;
    };

    explicit KernelCores(QObject* parent = nullptr);

    // A kernel's folder and its dumps (core/kernel_folder dumpFilesInFolder order), none loaded yet.
    void setFolder(const QString& folder, const QStringList& files);
    void clear();
    bool active() const { return !cores_.empty(); }
    QString folder() const { return folder_; }
    const std::vector<Core>& cores() const { return cores_; }
    int indexOf(const QString& path) const; // -1 when the path is not one of the kernel's dumps
    bool contains(const QString& path) const { return indexOf(path) >= 0; }
    // Keeps the latest document of a core; emits changed().
    void setDocument(const QString& path, std::shared_ptr<const PlanDocument> document);
    std::shared_ptr<const PlanDocument> documentOf(const QString& path) const;
    bool complete() const; // every core loaded
    // The kernel's name (core/kernel_folder folderKernelName) and the pair's health (core/kernel_folder pairNotes).
    QString kernelName() const;
    QStringList notes() const;
    // The cores run different kernels (an aic dump of _attn_fwd beside an aiv dump of
    // _layer_norm_fwd_fused: not one mix kernel's halves). What the window says then: every
    // kernel's name ("_attn_fwd + _layer_norm_fwd_fused", "" when they run one kernel), and one
    // line naming each core's ("" as well when the pair's notes already say that they do not pair).
    QString differentKernels() const;
    QString differentKernelsNote() const;

    // The core on show (its path), as the main window last set it.
    QString current() const { return current_; }
    void setCurrent(const QString& path);

    // The first loaded core that overflows, else the first loaded one; "" when none is loaded.
    QString worstCore() const;
    // The next block above capacity after `from` over every core and scope in order (F8), wrapping
    // around; `from` with block -1 starts before the scope's first. nullopt when no block is above capacity.
    std::optional<Place> nextOverCapacity(const Place& from) const;

signals:
    void changed();

private:
    QString folder_;
    QString current_;
    std::vector<Core> cores_;
};

} // namespace memlens
