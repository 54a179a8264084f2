// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/editor/lexers.h"

#include "ui/editor/theme.h"

#include "ui/editor/qsci.h"

#include <QFileInfo>

#include <string>

namespace kwb::ui {

namespace {

const char* const kCudaKeywords = "__global__ __device__ __host__ __shared__ __constant__ __managed__ "
                                  "__restrict__ __forceinline__ __noinline__ __launch_bounds__ "
                                  "__grid_constant__ __align__";
const char* const kCudaBuiltins
    = "threadIdx blockIdx blockDim gridDim warpSize __syncthreads __syncwarp __threadfence "
      "__threadfence_block __shfl_sync __shfl_up_sync __shfl_down_sync __shfl_xor_sync __ballot_sync "
      "__any_sync __all_sync __activemask __ldg __fmaf_rn __expf __logf __fdividef rsqrtf "
      "atomicAdd atomicSub atomicMax atomicMin atomicCAS atomicExch atomicAnd atomicOr "
      "cudaMalloc cudaFree cudaMemcpy cudaMemcpyAsync cudaMemset cudaDeviceSynchronize cudaGetLastError "
      "cudaStreamSynchronize cudaFuncSetAttribute cudaMemcpyHostToDevice cudaMemcpyDeviceToHost "
      "__half __half2 __nv_bfloat16 __nv_bfloat162 __nv_fp8_e4m3 __nv_fp8_e5m2 __float2half __half2float "
      "__float2bfloat16 __bfloat162float";
const char* const kTypes = "int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t size_t "
                           "ptrdiff_t cudaStream_t cudaError_t cudaEvent_t dim3 half float2 float4 int2 int4 "
                           "uint4 double2 std";

// QScintilla keeps the returned pointer, so the joined lists live as long as the program.
class CppLexer : public QsciLexerCPP {
public:
    CppLexer(bool cuda, QObject* parent)
        : QsciLexerCPP(parent)
        , m_cuda(cuda)
    {
    }

    const char* keywords(int set) const override
    {
        static const std::string cudaSet1 = std::string(QsciLexerCPP::keywords(1)) + ' ' + kCudaKeywords;
        if (set == 1 && m_cuda)
            return cudaSet1.c_str();
        if (set == 2 && m_cuda)
            return kCudaBuiltins;
        if (set == 4)
            return kTypes;
        return QsciLexerCPP::keywords(set);
    }

private:
    bool m_cuda;
};

const QColor kKeyword(0x00, 0x33, 0xb3);
const QColor kComment(0x6e, 0x77, 0x81);
const QColor kString(0x06, 0x7d, 0x17);
const QColor kNumber(0x17, 0x50, 0xeb);
const QColor kPreproc(0x9e, 0x5c, 0x00);
const QColor kBuiltin(0x87, 0x10, 0x94);
const QColor kType(0x00, 0x80, 0x80);

void styleBase(QsciLexer* lexer)
{
    const QFont font = codeFont();
    lexer->setDefaultFont(font);
    lexer->setFont(font, -1);
    lexer->setDefaultPaper(theme::paper);
    lexer->setPaper(theme::paper, -1);
    lexer->setDefaultColor(theme::text);
    lexer->setColor(theme::text, -1);
}

void colour(QsciLexer* lexer, const QColor& c, std::initializer_list<int> styles, bool bold = false)
{
    for (int s : styles) {
        lexer->setColor(c, s);
        if (bold) {
            QFont f = codeFont();
            f.setBold(true);
            lexer->setFont(f, s);
        }
    }
}

QsciLexer* cppLexer(bool cuda, QObject* parent)
{
    auto* l = new CppLexer(cuda, parent);
    styleBase(l);
    l->setFoldComments(true);
    l->setFoldCompact(false);
    colour(l, kKeyword, { QsciLexerCPP::Keyword });
    colour(l, kComment,
        { QsciLexerCPP::Comment, QsciLexerCPP::CommentLine, QsciLexerCPP::CommentDoc, QsciLexerCPP::CommentLineDoc,
            QsciLexerCPP::CommentDocKeyword });
    colour(l, kString, { QsciLexerCPP::DoubleQuotedString, QsciLexerCPP::SingleQuotedString, QsciLexerCPP::RawString });
    colour(l, kNumber, { QsciLexerCPP::Number });
    colour(l, kPreproc, { QsciLexerCPP::PreProcessor });
    colour(l, kBuiltin, { QsciLexerCPP::KeywordSet2 });
    colour(l, kType, { QsciLexerCPP::GlobalClass });
    return l;
}

QsciLexer* pythonLexer(QObject* parent)
{
    auto* l = new QsciLexerPython(parent);
    styleBase(l);
    l->setFoldComments(true);
    l->setIndentationWarning(QsciLexerPython::NoWarning);
    colour(l, kKeyword, { QsciLexerPython::Keyword });
    colour(l, kComment, { QsciLexerPython::Comment, QsciLexerPython::CommentBlock });
    colour(l, kString,
        { QsciLexerPython::DoubleQuotedString, QsciLexerPython::SingleQuotedString,
            QsciLexerPython::TripleSingleQuotedString, QsciLexerPython::TripleDoubleQuotedString,
            QsciLexerPython::DoubleQuotedFString, QsciLexerPython::SingleQuotedFString });
    colour(l, kNumber, { QsciLexerPython::Number });
    colour(l, kPreproc, { QsciLexerPython::Decorator });
    colour(l, kType, { QsciLexerPython::ClassName, QsciLexerPython::FunctionMethodName });
    return l;
}

QsciLexer* jsonLexer(QObject* parent)
{
    auto* l = new QsciLexerJSON(parent);
    styleBase(l);
    colour(l, kKeyword, { QsciLexerJSON::Property });
    colour(l, kString, { QsciLexerJSON::String });
    colour(l, kNumber, { QsciLexerJSON::Number, QsciLexerJSON::Keyword });
    colour(l, kComment, { QsciLexerJSON::CommentLine, QsciLexerJSON::CommentBlock });
    colour(l, QColor(0xd1, 0x24, 0x2f), { QsciLexerJSON::Error, QsciLexerJSON::UnclosedString });
    return l;
}

QsciLexer* markdownLexer(QObject* parent)
{
    auto* l = new QsciLexerMarkdown(parent);
    styleBase(l);
    colour(l, kKeyword,
        { QsciLexerMarkdown::Header1, QsciLexerMarkdown::Header2, QsciLexerMarkdown::Header3,
            QsciLexerMarkdown::Header4, QsciLexerMarkdown::Header5, QsciLexerMarkdown::Header6 },
        true);
    colour(l, kString,
        { QsciLexerMarkdown::CodeBackticks, QsciLexerMarkdown::CodeDoubleBackticks, QsciLexerMarkdown::CodeBlock });
    colour(l, kBuiltin, { QsciLexerMarkdown::Link });
    colour(l, kComment, { QsciLexerMarkdown::BlockQuote });
    for (int s : { int(QsciLexerMarkdown::CodeBackticks), int(QsciLexerMarkdown::CodeDoubleBackticks),
             int(QsciLexerMarkdown::CodeBlock) })
        l->setPaper(theme::paper, s);
    return l;
}

} // namespace

Language languageForFile(const QString& fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == u"cu" || suffix == u"cuh")
        return Language::Cuda;
    if (suffix == u"cpp" || suffix == u"cc" || suffix == u"cxx" || suffix == u"c" || suffix == u"h" || suffix == u"hpp"
        || suffix == u"hh")
        return Language::Cpp;
    if (suffix == u"py")
        return Language::Python;
    if (suffix == u"md" || suffix == u"markdown")
        return Language::Markdown;
    if (suffix == u"json")
        return Language::Json;
    return Language::Plain;
}

QString languageName(Language language)
{
    switch (language) {
    case Language::Cpp:
        return QStringLiteral("C++");
    case Language::Cuda:
        return QStringLiteral("CUDA");
    case Language::Python:
        return QStringLiteral("Python");
    case Language::Markdown:
        return QStringLiteral("Markdown");
    case Language::Json:
        return QStringLiteral("JSON");
    case Language::Plain:
        break;
    }
    return QStringLiteral("Text");
}

QsciLexer* createLexer(Language language, QObject* parent)
{
    switch (language) {
    case Language::Cpp:
        return cppLexer(false, parent);
    case Language::Cuda:
        return cppLexer(true, parent);
    case Language::Python:
        return pythonLexer(parent);
    case Language::Markdown:
        return markdownLexer(parent);
    case Language::Json:
        return jsonLexer(parent);
    case Language::Plain:
        break;
    }
    return nullptr;
}

} // namespace kwb::ui
