#include "app/chart_export_dialog.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace memlens {

ChartExportDialog::ChartExportDialog(const QString& format, QSize shownSize, QWidget* parent)
    : QDialog(parent)
    , asShown_(new QRadioButton(tr("The chart as shown (current zoom, selection and cursor)"), this))
    , wholePlan_(new QRadioButton(tr("The whole plan"), this))
    , width_(new QSpinBox(this))
    , height_(new QSpinBox(this))
{
    setWindowTitle(tr("Export Chart as %1").arg(format));
    wholePlan_->setChecked(true);
    for (QSpinBox* box : {width_, height_}) {
        box->setRange(200, 8000);
        box->setSuffix(tr(" px"));
    }
    width_->setValue(1600);
    height_->setValue(900);
    connect(asShown_, &QRadioButton::toggled, this, [this, shownSize](bool checked) {
        if (checked && shownSize.isValid()) {
            width_->setValue(shownSize.width());
            height_->setValue(shownSize.height());
        }
    });

    auto* size = new QHBoxLayout;
    size->addWidget(width_);
    size->addWidget(new QLabel(QStringLiteral("\u00d7"), this));
    size->addWidget(height_);
    size->addStretch();
    auto* form = new QFormLayout;
    form->addRow(tr("Image size:"), size);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(wholePlan_);
    layout->addWidget(asShown_);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

bool ChartExportDialog::asShown() const { return asShown_->isChecked(); }
QSize ChartExportDialog::imageSize() const { return QSize(width_->value(), height_->value()); }

} // namespace memlens
