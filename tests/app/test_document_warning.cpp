// What the message bar warns of for a document (app/document_warning): the kernel's notes, an IR
// or a compile log that may be another compile's (escaped, with the file to choose again).
#include "app/document_warning.hpp"
#include "core/document/plan_document.hpp"

#include <catch2/catch.hpp>

using namespace memlens;

TEST_CASE("document warning: nothing to say, the IR, the compile log, the kernel's notes", "[app][messages]")
{
    PlanDocument document;
    CHECK(documentWarning(document, {}).html.isEmpty());
    CHECK(documentWarning(document, {}).offer == DocumentWarning::Offer::None);

    document.logNote = "its ops do not fit the dump's Lives";
    DocumentWarning log = documentWarning(document, {});
    CHECK(log.html == "<b>Compile log not used:</b> its ops do not fit the dump's Lives.");
    CHECK(log.offer == DocumentWarning::Offer::LogFile);

    // The IR's warning comes before the log's, which it replaces: one file to choose again.
    document.irWarning = "shapes <128xf32> not in the IR";
    const DocumentWarning ir = documentWarning(document, {});
    CHECK(ir.html == "<b>The IR may not belong to this dump:</b> shapes &lt;128xf32&gt; not in the IR.");
    CHECK(ir.offer == DocumentWarning::Offer::IrFile);

    const DocumentWarning kernel = documentWarning(document, {"aic is older", "kernels differ"});
    CHECK(kernel.html.startsWith("<b>The kernel's dumps may not be one compile's:</b> aic is older; kernels differ.<br>"
                                 "<b>The IR may not belong"));
    CHECK(kernel.offer == DocumentWarning::Offer::IrFile);
}
