/* deadline.h - a search's time limit as a point on the monotonic clock, shared
 * by sce2's search and the family's (root.c, search.c, family_root.c,
 * family_search.c). The including file defines _POSIX_C_SOURCE 200809L. */
#ifndef EIGHTS_DEADLINE_H
#define EIGHTS_DEADLINE_H

#include <stdint.h>
#include <time.h>

enum { NS_PER_MS = 1000000, NS_PER_S = 1000000000 };

/* Set *deadline to time_ms from now; 0 (no deadline, nothing set) when
 * time_ms is not positive, else 1. */
static inline int deadline_start(struct timespec *deadline, int64_t time_ms)
{
    if (time_ms <= 0)
        return 0;
    clock_gettime(CLOCK_MONOTONIC, deadline);
    deadline->tv_sec += time_ms / 1000;
    deadline->tv_nsec += (long)(time_ms % 1000) * NS_PER_MS;
    if (deadline->tv_nsec >= NS_PER_S) {
        deadline->tv_sec++;
        deadline->tv_nsec -= NS_PER_S;
    }
    return 1;
}

/* 1 once the monotonic clock has reached *deadline. */
static inline int deadline_passed(const struct timespec *deadline)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline->tv_sec
        || (now.tv_sec == deadline->tv_sec && now.tv_nsec >= deadline->tv_nsec);
}

#endif
