// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/tensor.h"

#include "core/tensor/npy.h"
#include "core/tensor/safetensors.h"

#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kwb {

std::int64_t Tensor::elementCount() const
{
    std::int64_t n = 1;
    for (const auto d : shape)
        n *= d;
    return n;
}

QString Tensor::shapeText() const
{
    return kwb::shapeText(shape);
}

QString shapeText(const std::vector<std::int64_t>& shape)
{
    QStringList parts;
    for (const auto d : shape)
        parts << QString::number(d);
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

std::optional<std::int64_t> checkedElementCount(const std::vector<std::int64_t>& shape, std::size_t itemSize)
{
    std::int64_t n = 1;
    for (const auto d : shape) {
        if (d < 0 || __builtin_mul_overflow(n, d, &n))
            return std::nullopt;
    }
    std::int64_t bytes = 0;
    if (__builtin_mul_overflow(n, std::int64_t(itemSize), &bytes) || bytes > (std::int64_t(1) << 62))
        return std::nullopt;
    return n;
}

namespace {
// A read-only private mapping, populated up front so the comparison never stalls on page faults.
struct Mapping {
    void* address = nullptr;
    std::size_t size = 0;
    ~Mapping()
    {
        if (address)
            munmap(address, size);
    }
};

Result<std::shared_ptr<Mapping>> mapFile(const QString& path)
{
    auto fail = [&path](const QString& what) { return Error { path, {}, what, {}, 0 }; };
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(QStringLiteral("cannot open: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    struct stat st { };
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(QStringLiteral("not a regular file"));
    }
    auto m = std::make_shared<Mapping>();
    m->size = std::size_t(st.st_size);
    if (m->size > 0) {
        void* a = mmap(nullptr, m->size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (a == MAP_FAILED) {
            ::close(fd);
            return fail(QStringLiteral("cannot map: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        }
        m->address = a;
        madvise(a, m->size, MADV_SEQUENTIAL);
    }
    ::close(fd);
    return m;
}

const std::byte* bytesOf(const Mapping& m)
{
    static const std::byte empty[1] {};
    return m.address ? static_cast<const std::byte*>(m.address) : empty;
}

bool isSafetensors(const QString& path)
{
    return path.endsWith(QStringLiteral(".safetensors"), Qt::CaseInsensitive);
}
} // namespace

Result<std::vector<Tensor>> loadTensors(const QString& path, std::optional<DType> voidDType)
{
    auto mapping = mapFile(path);
    if (!mapping)
        return mapping.error();
    const auto m = *mapping;
    std::vector<Tensor> tensors;
    if (isSafetensors(path)) {
        auto parsed = parseSafetensors(bytesOf(*m), m->size, path);
        if (!parsed)
            return parsed.error();
        tensors = std::move(*parsed);
    } else {
        auto parsed = parseNpy(bytesOf(*m), m->size, path, voidDType);
        if (!parsed)
            return parsed.error();
        tensors.push_back(std::move(*parsed));
    }
    for (auto& t : tensors) {
        if (!t.storage)
            t.storage = m;
    }
    return tensors;
}

Result<Tensor> loadTensor(const QString& spec, std::optional<DType> voidDType)
{
    QString path = spec;
    QString name;
    // `file.safetensors:name` selects one tensor, unless the whole spec is an existing file.
    const qsizetype colon = spec.indexOf(QStringLiteral(".safetensors:"), 0, Qt::CaseInsensitive);
    if (colon >= 0 && !QFileInfo::exists(spec)) {
        path = spec.left(colon + 12);
        name = spec.mid(colon + 13);
    }
    auto tensors = loadTensors(path, voidDType);
    if (!tensors)
        return tensors.error();
    QStringList names;
    for (auto& t : *tensors) {
        names << t.name;
        if (!name.isEmpty() && t.name == name)
            return std::move(t);
    }
    if (name.isEmpty() && tensors->size() == 1)
        return std::move(tensors->front());
    const QString list = names.isEmpty() ? QStringLiteral("(none)") : names.join(QStringLiteral(", "));
    if (name.isEmpty())
        return Error { path, {},
            QStringLiteral("holds %1 tensors: select one as %2:NAME (%3)").arg(names.size()).arg(path, list), {}, 0 };
    return Error { path, {}, QStringLiteral("no tensor named '%1' (it has: %2)").arg(name, list), {}, 0 };
}

} // namespace kwb
