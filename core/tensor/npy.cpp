// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/npy.h"

#include "core/tensor/layout.h"

#include <QSaveFile>

#include <cstring>

namespace kwb {
namespace {
Error npyError(const QString& file, std::size_t at, const QString& what)
{
    return Error { file, QStringLiteral("byte %1").arg(at), what, {}, 0 };
}

// A cursor over the header dict literal `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`,
// reporting absolute byte offsets.
struct HeaderParser {
    const char* text;
    std::size_t size;
    std::size_t base; // offset of text[0] in the file
    std::size_t pos = 0;
    bool tooLarge = false; // set when integer() refused a number

    std::size_t at() const { return base + pos; }
    void skipSpace()
    {
        while (pos < size && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\r'))
            ++pos;
    }
    bool eat(char c)
    {
        skipSpace();
        if (pos < size && text[pos] == c) {
            ++pos;
            return true;
        }
        return false;
    }
    std::optional<QString> string()
    {
        skipSpace();
        if (pos >= size || (text[pos] != '\'' && text[pos] != '"'))
            return std::nullopt;
        const char quote = text[pos++];
        const std::size_t start = pos;
        while (pos < size && text[pos] != quote)
            ++pos;
        if (pos >= size)
            return std::nullopt;
        return QString::fromUtf8(text + start, qsizetype(pos++ - start));
    }
    std::optional<std::int64_t> integer()
    {
        skipSpace();
        const std::size_t start = pos;
        std::int64_t v = 0;
        while (pos < size && text[pos] >= '0' && text[pos] <= '9') {
            if (v > (std::int64_t(1) << 58)) {
                tooLarge = true; // absurd dimension: refuse before it overflows
                return std::nullopt;
            }
            v = v * 10 + (text[pos++] - '0');
        }
        if (pos == start)
            return std::nullopt;
        if (pos < size && text[pos] == 'L') // Python 2 long suffix in old files
            ++pos;
        return v;
    }
    std::optional<bool> boolean()
    {
        skipSpace();
        for (const auto& [word, value] : { std::pair { "True", true }, std::pair { "False", false } }) {
            const std::size_t n = std::strlen(word);
            if (size - pos >= n && std::memcmp(text + pos, word, n) == 0) {
                pos += n;
                return value;
            }
        }
        return std::nullopt;
    }
};

struct Descr {
    DType dtype;
    bool bigEndian;
};

std::optional<Descr> parseDescr(const QString& d, std::optional<DType> voidDType)
{
    if (d.size() < 3)
        return std::nullopt;
    const QChar order = d[0];
    if (order != u'<' && order != u'>' && order != u'|' && order != u'=')
        return std::nullopt;
    const QString code = d.mid(1);
    static const std::pair<const char*, DType> codes[] = {
        { "f8", DType::Float64 },
        { "f4", DType::Float32 },
        { "f2", DType::Float16 },
        { "i8", DType::Int64 },
        { "i4", DType::Int32 },
        { "i2", DType::Int16 },
        { "i1", DType::Int8 },
        { "u1", DType::UInt8 },
        { "b1", DType::Bool },
    };
    std::optional<DType> t;
    for (const auto& [c, type] : codes) {
        if (code == QLatin1StringView(c))
            t = type;
    }
    if (!t && voidDType && order != u'>') {
        if (code == u"V2" && dtypeSize(*voidDType) == 2 && isFloatingPoint(*voidDType))
            t = voidDType;
        if (code == u"V1" && dtypeSize(*voidDType) == 1 && isFloatingPoint(*voidDType))
            t = voidDType;
    }
    if (!t)
        return std::nullopt;
    return Descr { *t, order == u'>' && dtypeSize(*t) > 1 };
}
} // namespace

Result<Tensor> parseNpy(const std::byte* bytes, std::size_t size, const QString& file, std::optional<DType> voidDType)
{
    static const char magic[] = "\x93NUMPY";
    if (size < 10 || std::memcmp(bytes, magic, 6) != 0)
        return npyError(file, 0, QStringLiteral("not an .npy file (no \\x93NUMPY magic)"));
    const int major = int(bytes[6]);
    const int minor = int(bytes[7]);
    if (major < 1 || major > 3 || minor != 0)
        return npyError(file, 6, QStringLiteral("unsupported .npy format version %1.%2").arg(major).arg(minor));
    std::size_t headerStart = 10;
    std::size_t headerLen = std::size_t(bytes[8]) | std::size_t(bytes[9]) << 8;
    if (major >= 2) {
        if (size < 12)
            return npyError(file, 8, QStringLiteral("truncated header length"));
        headerStart = 12;
        headerLen |= std::size_t(bytes[10]) << 16 | std::size_t(bytes[11]) << 24;
    }
    if (headerLen > size - headerStart)
        return npyError(file, 8,
            QStringLiteral("truncated header: declares %1 bytes, the file has %2 after byte %3")
                .arg(headerLen)
                .arg(size - headerStart)
                .arg(headerStart));

    HeaderParser p { reinterpret_cast<const char*>(bytes + headerStart), headerLen, headerStart };
    std::optional<QString> descr;
    std::optional<bool> fortran;
    std::optional<std::vector<std::int64_t>> shape;
    if (!p.eat('{'))
        return npyError(file, p.at(), QStringLiteral("header is not a dict literal"));
    while (!p.eat('}')) {
        const std::size_t keyAt = p.at();
        const auto key = p.string();
        if (!key || !p.eat(':'))
            return npyError(file, p.at(), QStringLiteral("malformed header dict"));
        if (*key == u"descr") {
            descr = p.string();
            if (!descr)
                return npyError(
                    file, p.at(), QStringLiteral("'descr' is not a string (structured dtypes are not supported)"));
        } else if (*key == u"fortran_order") {
            fortran = p.boolean();
            if (!fortran)
                return npyError(file, p.at(), QStringLiteral("'fortran_order' is not True or False"));
        } else if (*key == u"shape") {
            if (!p.eat('('))
                return npyError(file, p.at(), QStringLiteral("'shape' is not a tuple"));
            shape.emplace();
            while (!p.eat(')')) {
                const auto dim = p.integer();
                if (!dim)
                    return npyError(file, p.at(),
                        p.tooLarge ? QStringLiteral("'shape' has a dimension too large")
                                   : QStringLiteral("'shape' holds something other than a dimension"));
                if (shape->size() >= 64)
                    return npyError(file, p.at(), QStringLiteral("'shape' has more than 64 dimensions"));
                shape->push_back(*dim);
                if (!p.eat(',') && !(p.skipSpace(), p.pos < p.size && p.text[p.pos] == ')'))
                    return npyError(file, p.at(), QStringLiteral("malformed 'shape' tuple"));
            }
        } else {
            return npyError(file, keyAt, QStringLiteral("unexpected header key '%1'").arg(*key));
        }
        if (!p.eat(',') && !(p.skipSpace(), p.pos < p.size && p.text[p.pos] == '}'))
            return npyError(file, p.at(), QStringLiteral("malformed header dict"));
    }
    if (!descr || !fortran || !shape)
        return npyError(file, headerStart, QStringLiteral("header lacks one of 'descr', 'fortran_order', 'shape'"));
    const auto d = parseDescr(*descr, voidDType);
    if (!d) {
        const bool isVoid = descr->endsWith(u"V2") || descr->endsWith(u"V1");
        return npyError(file, headerStart,
            isVoid ? QStringLiteral("dtype '%1' is raw bytes: name its element type (e.g. bfloat16)").arg(*descr)
                   : QStringLiteral("unsupported dtype '%1' (supported: %2)")
                         .arg(*descr, dtypeNames().join(QStringLiteral(", "))));
    }

    Tensor t;
    t.dtype = d->dtype;
    t.shape = *shape;
    t.file = file;
    t.dataOffset = headerStart + headerLen;
    const auto count = checkedElementCount(t.shape, dtypeSize(t.dtype));
    if (!count)
        return npyError(file, headerStart, QStringLiteral("shape %1 is too large").arg(t.shapeText()));
    const std::size_t need = std::size_t(*count) * dtypeSize(t.dtype);
    const std::size_t have = size - t.dataOffset;
    if (have != need)
        return npyError(file, t.dataOffset,
            QStringLiteral("%1: shape %2 of %3 needs %4 data bytes, the file has %5")
                .arg(have < need ? QStringLiteral("truncated data") : QStringLiteral("size mismatch"), t.shapeText(),
                    dtypeName(t.dtype))
                .arg(need)
                .arg(have));
    t.data = bytes + t.dataOffset;
    if (d->bigEndian || (*fortran && t.shape.size() > 1))
        toNativeCOrder(t, d->bigEndian, *fortran);
    return t;
}

std::vector<std::byte> encodeNpy(DType dtype, const std::vector<std::int64_t>& shape, const void* data)
{
    static const std::pair<DType, const char*> descrs[] = {
        { DType::Float64, "<f8" },
        { DType::Float32, "<f4" },
        { DType::Float16, "<f2" },
        { DType::BFloat16, "<V2" },
        { DType::Float8E4M3FN, "|V1" },
        { DType::Float8E5M2, "|V1" },
        { DType::Int64, "<i8" },
        { DType::Int32, "<i4" },
        { DType::Int16, "<i2" },
        { DType::Int8, "|i1" },
        { DType::UInt8, "|u1" },
        { DType::Bool, "|b1" },
    };
    const char* descr = "";
    for (const auto& [t, s] : descrs) {
        if (t == dtype)
            descr = s;
    }
    std::string dims;
    for (std::size_t i = 0; i < shape.size(); ++i)
        dims += (i ? ", " : "") + std::to_string(shape[i]);
    if (shape.size() == 1)
        dims += ',';
    std::string header = "{'descr': '" + std::string(descr) + "', 'fortran_order': False, 'shape': (" + dims + "), }";
    // Pad with spaces to a multiple of 64 bytes (newline-terminated), as numpy does.
    const bool v2 = header.size() + 11 > 65535;
    const std::size_t prefix = v2 ? 12 : 10;
    const std::size_t total = (prefix + header.size() + 1 + 63) / 64 * 64;
    header.append(total - prefix - header.size() - 1, ' ');
    header += '\n';
    std::size_t count = 1;
    for (const auto n : shape)
        count *= std::size_t(n);
    const std::size_t nbytes = count * dtypeSize(dtype);
    std::vector<std::byte> out(prefix + header.size() + nbytes);
    std::memcpy(out.data(), "\x93NUMPY", 6);
    out[6] = std::byte(v2 ? 2 : 1);
    out[7] = std::byte(0);
    const std::size_t hl = header.size();
    for (std::size_t i = 0; i < prefix - 8; ++i)
        out[8 + i] = std::byte((hl >> (8 * i)) & 0xFF);
    std::memcpy(out.data() + prefix, header.data(), hl);
    if (nbytes)
        std::memcpy(out.data() + prefix + hl, data, nbytes);
    return out;
}

Status writeNpy(const QString& path, DType dtype, const std::vector<std::int64_t>& shape, const void* data)
{
    const auto bytes = encodeNpy(dtype, shape, data);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error { path, {}, QStringLiteral("cannot write: %1").arg(f.errorString()), {}, 0 };
    f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
    if (!f.commit())
        return Error { path, {}, QStringLiteral("cannot write: %1").arg(f.errorString()), {}, 0 };
    return Ok {};
}

} // namespace kwb
