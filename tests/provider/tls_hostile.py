#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""A TLS client that sends a chosen X25519 key share and reports the server's alert.

usage: tls_hostile.py PORT VERSION SHARE_HEX
  VERSION: 1.0, 1.1, 1.2 (ECDHE: the share goes in ClientKeyExchange after
  ServerHelloDone) or 1.3 (the share goes in the ClientHello key_share).
Prints one line: "alert <description>" (the server's fatal alert number),
"closed" (connection closed without an alert) or "no-alert <what>".
Exits 0 whenever the exchange ran (the verdict is the printed line), 2 on a
usage or connection error. Only 127.0.0.1.
"""
import os
import socket
import struct
import sys

GROUP_X25519 = 0x001D


def u8(b):
    return struct.pack("!B", len(b)) + b


def u16(b):
    return struct.pack("!H", len(b)) + b


def u24(b):
    return struct.pack("!I", len(b))[1:] + b


def ext(t, body):
    return struct.pack("!H", t) + u16(body)


def client_hello(version, share):
    tls13 = version == 0x0304
    legacy = 0x0303 if tls13 else version
    if tls13:
        suites = [0x1301, 0x1302, 0x1303]
    elif version == 0x0303:
        suites = [0xC02F, 0xC030, 0xC02B, 0xC013, 0xC014, 0xC009]
    else:
        suites = [0xC013, 0xC014, 0xC009, 0xC00A]
    exts = ext(10, u16(struct.pack("!H", GROUP_X25519)))           # supported_groups
    exts += ext(11, u8(b"\x00"))                                     # ec_point_formats
    if version >= 0x0303:
        sigalgs = [0x0807, 0x0804, 0x0805, 0x0401, 0x0501, 0x0403, 0x0201, 0x0203]
        exts += ext(13, u16(b"".join(struct.pack("!H", s) for s in sigalgs)))
    if tls13:
        exts += ext(43, u8(struct.pack("!H", 0x0304)))               # supported_versions
        exts += ext(51, u16(struct.pack("!H", GROUP_X25519) + u16(share)))  # key_share
    body = struct.pack("!H", legacy) + os.urandom(32)
    body += u8(os.urandom(32) if tls13 else b"")
    body += u16(b"".join(struct.pack("!H", s) for s in suites))
    body += u8(b"\x00") + u16(exts)
    return b"\x01" + u24(body)


def record(ctype, version, payload):
    return struct.pack("!BHH", ctype, min(version, 0x0303), len(payload)) + payload


class Reader:
    def __init__(self, sock):
        self.sock, self.buf = sock, b""

    def need(self, n):
        while len(self.buf) < n:
            d = self.sock.recv(65536)
            if not d:
                return False
            self.buf += d
        return True

    def record(self):
        if not self.need(5):
            return None
        ctype, _, length = struct.unpack("!BHH", self.buf[:5])
        if not self.need(5 + length):
            return None
        payload = self.buf[5:5 + length]
        self.buf = self.buf[5 + length:]
        return ctype, payload


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    port = int(sys.argv[1])
    version = {"1.0": 0x0301, "1.1": 0x0302, "1.2": 0x0303, "1.3": 0x0304}[sys.argv[2]]
    share = bytes.fromhex(sys.argv[3])
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
    except OSError as e:
        print(f"connect: {e}", file=sys.stderr)
        return 2
    r = Reader(s)
    try:
        s.sendall(record(22, 0x0301, client_hello(version, share)))
        hs = b""
        sent_cke = False
        while True:
            rec = r.record()
            if rec is None:
                print("closed")
                return 0
            ctype, payload = rec
            if ctype == 21:
                print(f"alert {payload[1] if len(payload) > 1 else -1}")
                return 0
            if ctype != 22:
                print(f"no-alert record type {ctype}")
                return 0
            if version == 0x0304:
                # ServerHello (or HelloRetryRequest): the server took the share.
                print(f"no-alert handshake type {payload[0]}")
                return 0
            hs += payload
            while len(hs) >= 4:
                mlen = int.from_bytes(hs[1:4], "big")
                if len(hs) < 4 + mlen:
                    break
                mtype, hs = hs[0], hs[4 + mlen:]
                if mtype == 14 and not sent_cke:  # ServerHelloDone: send our share
                    s.sendall(record(22, version, b"\x10" + u24(u8(share))))
                    sent_cke = True
    except socket.timeout:
        print("no-alert timeout")
        return 0
    except OSError:
        print("closed")
        return 0
    finally:
        s.close()


if __name__ == "__main__":
    sys.exit(main())
