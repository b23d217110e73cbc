/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Caller-owned helper threads for batch verification (fast25519.h,
 * f25519_verify_pool_*): a team (common/team.h) started once and reused by
 * every call, so that a caller verifying batch after batch does not start
 * and join threads in each call. The library keeps no threads of its own:
 * the pool is the caller's object.
 *  - one call at a time: a call that finds the pool busy (another thread's
 *    call under way) runs on its caller's thread alone, same statuses;
 *  - after fork() the child has none of the parent's threads: its calls run
 *    alone and f25519_verify_pool_free only releases the memory it can;
 *  - between calls the helpers spin briefly (common/team.c SPIN_PAUSES,
 *    ~1 ms), then sleep on a condition variable until the next call;
 *  - each call keeps the helpers off the calling thread's CPU
 *    (f25519_team_new_kept, common/team.h). Unpinned, a helper woken after
 *    sleeping could land on its caller's CPU and the call then took about
 *    one thread's time; pinned where they started, a caller restricted
 *    later to a helper's CPU shared it (team.h).
 * Public data only (signatures, keys, messages).
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>
#include "fast25519.h"
#include "ed25519_batch.h"

struct f25519_verify_pool {
    f25519_team *team; /* NULL: one thread asked for, or no helper could be started */
    pid_t pid;         /* the process that started the helpers */
    _Atomic int busy;  /* a call is using the team */
};

f25519_verify_pool *f25519_verify_pool_new(unsigned threads)
{
    f25519_verify_pool *p = malloc(sizeof *p);
    if (!p) return NULL;
    unsigned nt = threads ? threads : f25519_online_cpus();
    if (nt > F25519_TEAM_MAX) nt = F25519_TEAM_MAX;
    p->team = f25519_team_new_kept(nt);
    p->pid = getpid();
    atomic_init(&p->busy, 0);
    return p;
}

unsigned f25519_verify_pool_threads(const f25519_verify_pool *pool)
{
    return pool && pool->pid == getpid() ? f25519_team_size(pool->team) : 1u;
}

void f25519_verify_pool_free(f25519_verify_pool *pool)
{
    if (!pool) return;
    /* In a child of fork() the helpers do not exist: nothing to stop or
     * join, and the team's record (a few hundred bytes) is left as it is. */
    if (pool->pid == getpid()) f25519_team_free(pool->team);
    free(pool);
}

int f25519_ed25519_verify_batch_pool(f25519_verify_pool *pool, size_t n, const uint8_t *const sig[],
                                     const uint8_t *const msg[], const size_t msg_len[],
                                     const uint8_t *const pub[], int mode, int status[])
{
    int expected = 0;
    if (!pool || !pool->team || pool->pid != getpid() ||
        !atomic_compare_exchange_strong(&pool->busy, &expected, 1))
        return f25519_verify_batch_on(n, sig, msg, msg_len, pub, mode, 1, NULL, status);
    int rc = f25519_verify_batch_on(n, sig, msg, msg_len, pub, mode, 0, pool->team, status);
    atomic_store(&pool->busy, 0);
    return rc;
}
