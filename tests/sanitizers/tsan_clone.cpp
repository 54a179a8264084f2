// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ThreadSanitizer builds only (KWB_SANITIZE=thread). Qt 6 starts every QProcess through forkfd, which on Linux
// calls clone() with CLONE_VM | CLONE_VFORK (vfork semantics). TSan's clone interceptor (clang 14) treats
// every clone as a fork and updates its per-thread state in the child, which with CLONE_VM is the parent's
// memory: the parent then aborts with `CHECK failed: tsan_rtl.cpp:234 "((!thr->slot)) != (0)"` on its first
// process start. Dropping the two flags turns the call into a plain fork, which TSan supports and which the
// child (it only sets up descriptors and execs) does not notice. The interceptor's `clone` is weak; this
// definition replaces it and hands the call on.
#include <cstdarg>
#include <sched.h>
#include <sys/types.h>

extern "C" int __interceptor_clone(int (*fn)(void*), void* stack, int flags, void* arg, ...);

extern "C" int clone(int (*fn)(void*), void* stack, int flags, void* arg, ...)
{
    va_list ap;
    va_start(ap, arg);
    pid_t* parentTid = va_arg(ap, pid_t*);
    void* tls = va_arg(ap, void*);
    pid_t* childTid = va_arg(ap, pid_t*);
    va_end(ap);
    if ((flags & CLONE_VM) && (flags & CLONE_VFORK))
        flags &= ~(CLONE_VM | CLONE_VFORK);
    return __interceptor_clone(fn, stack, flags, arg, parentTid, tls, childTid);
}
