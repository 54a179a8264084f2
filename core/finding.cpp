#include "finding.h"

#include <algorithm>

namespace kwb {

QString severityName(Severity s)
{
    switch (s) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return QStringLiteral("error");
}

QJsonObject Finding::toJson() const
{
    QJsonObject o { { QStringLiteral("id"), id }, { QStringLiteral("severity"), severityName(severity) },
        { QStringLiteral("message"), message } };
    if (!file.isEmpty())
        o.insert(QStringLiteral("file"), file);
    if (line > 0)
        o.insert(QStringLiteral("line"), line);
    if (endLine > 0 && endLine != line)
        o.insert(QStringLiteral("end_line"), endLine);
    if (!jsonPath.isEmpty())
        o.insert(QStringLiteral("json_path"), jsonPath);
    if (!impl.isEmpty())
        o.insert(QStringLiteral("impl"), impl);
    if (!caseName.isEmpty())
        o.insert(QStringLiteral("case"), caseName);
    if (!evidence.isEmpty())
        o.insert(QStringLiteral("evidence"), evidence);
    return o;
}

bool hasErrors(const Findings& findings)
{
    return std::any_of(
        findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::Error; });
}

FindingOrigin findingOrigin(const QString& id)
{
    if (id.startsWith(QLatin1String("env.")) || id == QLatin1String("runtime.no_device")
        || id == QLatin1String("runtime.driver_runtime_mismatch") || id == QLatin1String("sandbox.connection-lost"))
        return FindingOrigin::Environment;
    if (id == QLatin1String("bench.noisy") || id == QLatin1String("bench.throttled")
        || id == QLatin1String("bench.warmup-transient"))
        return FindingOrigin::HostNoise;
    return FindingOrigin::Implementation;
}

bool hasImplementationErrors(const Findings& findings)
{
    return std::any_of(findings.begin(), findings.end(), [](const Finding& f) {
        return f.severity == Severity::Error && findingOrigin(f.id) == FindingOrigin::Implementation;
    });
}

} // namespace kwb
