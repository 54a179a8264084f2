// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Autosaves a draft in a loop, as the rubric panel does, until killed: `draftwriter DB FILE REVIEW.json`.
// Prints each counter after both the database row and the atomic file are written, so a test that kills it
// knows what must have survived.
#include "core/review/atomicfile.h"
#include "core/review/reviewstore.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 4)
        return 2;
    QFile f(args.at(3));
    if (!f.open(QIODevice::ReadOnly))
        return 2;
    const kwb::Result<kwb::Review> base = kwb::parseReview(f.readAll(), args.at(3));
    kwb::ReviewStore store;
    if (!base || !store.open(args.at(1)))
        return 2;
    kwb::Review r = *base;
    r.status = kwb::Review::Status::Draft;
    for (int i = 1;; ++i) {
        r.summary = QStringLiteral("edit %1 ").arg(i) + QString(2000, u'x'); // big enough to take a while to write
        r.timeSpentS = i;
        if (!store.saveDraft(r) || !kwb::writeFileAtomically(args.at(2), QJsonDocument(kwb::reviewToJson(r)).toJson()))
            return 1;
        std::printf("%d\n", i);
        std::fflush(stdout);
    }
}
