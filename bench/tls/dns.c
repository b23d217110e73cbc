/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Minimal DNS wire format for DoT: one A/IN query with RD, TCP length prefix. */
#include "bench.h"

#include <string.h>

size_t dns_build_query(uint8_t *buf, size_t cap, const char *qname, uint16_t id)
{
    size_t n = 2;                               /* room for the TCP length prefix */
    if (cap < 2 + 12 + 255 + 4)
        return 0;
    const uint8_t hdr[12] = { id >> 8, id & 0xff, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0 };
    memcpy(buf + n, hdr, sizeof hdr);
    n += sizeof hdr;
    size_t namelen = 0;
    const char *p = qname;
    while (*p != '\0') {                        /* labels separated by '.', trailing dot optional */
        const char *dot = strchr(p, '.');
        size_t l = dot ? (size_t)(dot - p) : strlen(p);
        if (l == 0 || l > 63 || namelen + l + 1 > 254)
            return 0;
        buf[n++] = (uint8_t)l;
        memcpy(buf + n, p, l);
        n += l;
        namelen += l + 1;
        p += l;
        if (*p == '.')
            p++;
    }
    buf[n++] = 0;
    const uint8_t tail[4] = { 0, 1, 0, 1 };     /* QTYPE A, QCLASS IN */
    memcpy(buf + n, tail, sizeof tail);
    n += sizeof tail;
    buf[0] = (uint8_t)((n - 2) >> 8);
    buf[1] = (uint8_t)((n - 2) & 0xff);
    return n;
}

int dns_check_answer(const uint8_t *msg, size_t len, uint16_t id)
{
    if (len < 12)
        return -1;
    if (msg[0] != (id >> 8) || msg[1] != (id & 0xff))
        return -1;
    if (!(msg[2] & 0x80) || (msg[3] & 0x0f) != 0)   /* QR set, RCODE NOERROR */
        return -1;
    unsigned ancount = ((unsigned)msg[6] << 8) | msg[7];
    return ancount >= 1 ? 0 : -1;
}
