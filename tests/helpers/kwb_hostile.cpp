// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A deliberately badly behaved program for the sandbox tests: `kwb_hostile MODE [ARGS]`.
// Every mode caps itself (time, count, size) so that even if a limit of the engine failed, it
// stops on its own and leaves the machine as it found it. Modes that could hurt the caller when
// run without isolation (killing the parent, writing outside, fork storms) refuse to run unless
// their parent is PID 1, i.e. the reaper of a PID namespace.
#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <netinet/in.h>
#include <new>
#include <pthread.h>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

double now()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

bool inPidNamespace()
{
    return getppid() == 1;
}

int refuse(const char* mode)
{
    std::fprintf(stderr, "kwb_hostile: refusing '%s' outside a PID namespace\n", mode);
    return 97;
}

int wellBehaved(int code)
{
    std::printf("hello stdout\n");
    std::fprintf(stderr, "hello stderr\n");
    const char* value = std::getenv("KWB_TEST_VALUE");
    std::printf("value=%s\n", value ? value : "(unset)");
    std::printf("leaked=%s\n", std::getenv("KWB_TEST_LEAK") ? "yes" : "no");
    char cwd[4096] = {};
    if (getcwd(cwd, sizeof cwd))
        std::printf("cwd=%s\n", cwd);
    if (FILE* f = std::fopen("written.txt", "w")) {
        std::fputs("inside\n", f);
        std::fclose(f);
    }
    return code;
}

int sleepForever()
{
    for (int i = 0; i < 60; ++i)
        sleep(1);
    return 99;
}

// Three children in the same process group, then sleeps: a timeout must take the whole family.
int family()
{
    for (int i = 0; i < 3; ++i) {
        if (fork() == 0) {
            alarm(30);
            for (;;)
                pause();
        }
    }
    std::printf("family started\n");
    std::fflush(stdout);
    return sleepForever();
}

int spin(double capSeconds)
{
    const double start = now();
    volatile unsigned long x = 0;
    while (now() - start < capSeconds)
        x = x + 1;
    return 99;
}

int forkBomb()
{
    if (!inPidNamespace())
        return refuse("forkbomb");
    const double start = now();
    for (int i = 0; i < 2000 && now() - start < 5.0; ++i) {
        const pid_t pid = fork();
        if (pid < 0) {
            std::perror("fork");
            std::printf("forks before the limit: %d\n", i);
            return 1;
        }
        if (pid == 0) {
            alarm(6); // the children go by themselves too
            pause();
            _exit(0);
        }
    }
    std::printf("no limit hit\n");
    return 0;
}

// Threads until one is refused, then an abort that says nothing about why (as an uncaught std::system_error
// from std::thread, or a library's own abort, does).
int threadStorm()
{
    if (!inPidNamespace())
        return refuse("threads");
    for (int i = 0; i < 4000; ++i) {
        pthread_t t;
        if (pthread_create(
                &t, nullptr,
                [](void*) -> void* {
                    ::sleep(6);
                    return nullptr;
                },
                nullptr)
            != 0)
            std::abort();
        pthread_detach(t);
    }
    std::printf("no limit hit\n");
    return 0;
}

int memoryHog(long capMiB)
{
    std::vector<char*> blocks;
    for (long mib = 0; mib < capMiB; mib += 64) {
        char* block = new char[64L << 20]; // an uncaught std::bad_alloc at the limit, as real programs do
        std::memset(block, 1, 64L << 20);
        blocks.push_back(block);
    }
    std::printf("allocated %ld MiB without hitting a limit\n", capMiB);
    return 0;
}

int writeOutside(int argc, char** argv)
{
    if (!inPidNamespace())
        return refuse("write");
    int written = 0;
    for (int i = 0; i < argc; ++i) {
        const int fd = open(argv[i], O_CREAT | O_WRONLY | O_TRUNC, 0644);
        if (fd < 0) {
            std::fprintf(stderr, "open %s: %s\n", argv[i], std::strerror(errno));
            continue;
        }
        if (write(fd, "escaped\n", 8) == 8)
            ++written;
        close(fd);
        std::printf("wrote %s\n", argv[i]);
    }
    return written;
}

int connectTo(int port)
{
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) {
        std::fprintf(stderr, "socket: %s\n", std::strerror(errno));
        return 1;
    }
    sockaddr_in addr {};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(uint16_t(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        std::fprintf(stderr, "connect 127.0.0.1:%d: %s\n", port, std::strerror(errno));
        return 1;
    }
    std::printf("connected\n");
    close(s);
    return 0;
}

int readFile(const char* path)
{
    const int fd = open(path, O_RDONLY);
    if (fd < 0) {
        std::fprintf(stderr, "open %s: %s\n", path, std::strerror(errno));
        return 1;
    }
    char buf[4096];
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0)
        fwrite(buf, 1, size_t(n), stdout);
    close(fd);
    return 0;
}

int flood(long bytes)
{
    const long cap = 1L << 30;
    bytes = bytes < cap ? bytes : cap;
    std::printf("HEAD-MARKER\n");
    std::string line(99, 'x');
    line += '\n';
    for (long done = 0; done < bytes; done += long(line.size()))
        fwrite(line.data(), 1, line.size(), stdout);
    std::printf("TAIL-MARKER\n");
    return 0;
}

int killParent()
{
    if (!inPidNamespace())
        return refuse("kill-parent");
    std::printf("killing parent %d and my process group\n", int(getppid()));
    std::fflush(stdout);
    kill(getppid(), SIGKILL);
    kill(0, SIGKILL);
    sleep(1);
    return 3;
}

int daemonize()
{
    const pid_t first = fork();
    if (first < 0)
        return 1;
    if (first == 0) {
        setsid();
        if (fork() == 0) {
            const int null = open("/dev/null", O_RDWR);
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
            alarm(30); // the daemon's own end, should the engine fail to end it
            for (;;)
                pause();
        }
        _exit(0);
    }
    waitpid(first, nullptr, 0);
    std::printf("daemon started\n");
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: kwb_hostile MODE [ARGS]\n");
        return 2;
    }
    const std::string mode = argv[1];
    const char* arg = argc > 2 ? argv[2] : "0";
    if (mode == "ok")
        return wellBehaved(std::atoi(arg));
    if (mode == "sleep")
        return sleepForever();
    if (mode == "family")
        return family();
    if (mode == "spin")
        return spin(std::atof(arg) > 0 ? std::atof(arg) : 10.0);
    if (mode == "forkbomb")
        return forkBomb();
    if (mode == "threads")
        return threadStorm();
    if (mode == "memhog")
        return memoryHog(std::min(std::atol(arg) > 0 ? std::atol(arg) : 4096L, 4096L));
    if (mode == "write")
        return writeOutside(argc - 2, argv + 2);
    if (mode == "connect")
        return connectTo(std::atoi(arg));
    if (mode == "read")
        return readFile(arg);
    if (mode == "flood")
        return flood(std::atol(arg));
    if (mode == "kill-parent")
        return killParent();
    if (mode == "daemon")
        return daemonize();
    std::fprintf(stderr, "kwb_hostile: unknown mode '%s'\n", mode.c_str());
    return 2;
}
