#!/usr/bin/env python3
"""Write the GGUF header of SRC (metadata + tensor table, padded to the alignment; no tensor data) to DST,
without the tokenizer's per-token arrays (tokens, scores, token_type), as in tests/data/arch-sweep/headers."""
import struct, sys
DROP = {b"tokenizer.ggml.tokens", b"tokenizer.ggml.scores", b"tokenizer.ggml.token_type"}
SIZES = {0:1,1:1,2:2,3:2,4:4,5:4,6:4,7:1,10:8,11:8,12:8}
src, dst = sys.argv[1], sys.argv[2]
d = open(src, 'rb').read()
magic, ver, n_t, n_kv = d[:4], *struct.unpack('<IQQ', d[4:24])
assert magic == b'GGUF' and ver == 3
p = 24
def skip_value(t, p):
    if t in SIZES: return p + SIZES[t]
    if t == 8:
        (n,) = struct.unpack('<Q', d[p:p+8]); return p + 8 + n
    if t == 9:
        (et, n) = struct.unpack('<IQ', d[p:p+12]); p += 12
        if et in SIZES: return p + SIZES[et]*n
        for _ in range(n): p = skip_value(et, p)
        return p
    raise ValueError(t)
kept = []; alignment = 32
for _ in range(n_kv):
    start = p
    (kl,) = struct.unpack('<Q', d[p:p+8]); key = d[p+8:p+8+kl]; p += 8 + kl
    (t,) = struct.unpack('<I', d[p:p+4]); p += 4
    vstart = p
    p = skip_value(t, p)
    if key == b'general.alignment': alignment = struct.unpack('<I', d[vstart:vstart+4])[0]
    if key not in DROP: kept.append(d[start:p])
tstart = p
for _ in range(n_t):
    (nl,) = struct.unpack('<Q', d[p:p+8]); p += 8 + nl
    (nd,) = struct.unpack('<I', d[p:p+4]); p += 4 + 8*nd + 4 + 8
tensors = d[tstart:p]
out = d[:4] + struct.pack('<IQQ', ver, n_t, len(kept)) + b''.join(kept) + tensors
out += b'\0' * ((-len(out)) % alignment)
open(dst, 'wb').write(out)
print(dst, len(out), 'kv', n_kv, '->', len(kept))
