"""Writes a small dump in the compiler's memory_info format for one of the
kernels beside this file: buffers stacked one on another in file order (a plan,
not the compiler's), each located at its Python line. Used for the naming
fixtures, whose plans only need to be plausible.

    python3 make_dump.py vector_add > vector_add/memory_info_aiv.json
"""
import json
import sys

ELEM = {"f16": 2, "f32": 4, "i8": 1}

# kernel -> (capacity status, buffers: (name, shape, element, python line, column, copies))
KERNELS = {
    "vector_add": [("x", [4096], "f16", 11, 8, 2), ("y", [4096], "f16", 12, 8, 2), ("z", [4096], "f16", 13, 10, 1)],
    "block_matmul": [("a", [64, 32], "f16", 18, 12, 2), ("b", [32, 128], "f16", 19, 12, 2),
                     ("acc", [64, 128], "f32", 16, 18, 1), ("acc", [64, 128], "f32", 20, 15, 1)],
    "derived_half": [("tile", [128, 64], "f16", 11, 11, 1), ("doubled", [128, 64], "f16", 12, 19, 1)],
    "two_names": [("x", [16384], "f16", 11, 8, 1), ("w", [16384], "f16", 12, 8, 1), ("y", [16384], "f32", 13, 10, 1),
                  ("total", [128], "f32", 14, 18, 1), ("y", [16384], "f32", 15, 28, 1)],
}
FILES = {"vector_add": "vector_add.py", "block_matmul": "block_pointer.py", "derived_half": "derived_half.py",
         "two_names": "two_names.py"}


def main(kernel):
    records, offset = [], 0
    for index, (var, shape, elem, line, column, copies) in enumerate(KERNELS[kernel]):
        count = 1
        for dim in shape:
            count *= dim
        size = count * ELEM[elem]
        offsets = []
        for _ in range(copies):
            offsets.append(offset)
            offset += size
        name = "%alloc" + ("" if index == 0 else "_%d" % (index - 1))
        records.append({
            "alloc_time_in_ir": 2 + index,
            "buffer": "%s = memref.alloc() : memref<%sx%s, #hivm.address_space<ub>>" % (name, "x".join(map(str, shape)), elem),
            "extent": size * 8,
            "is_tmpbuf": False,
            "life_time_in_ir": [2 + index, 40],
            "offset": offsets,
            "source_location": 'loc("%s"("/home/dev/kernels/%s":%d:%d))' % (var, FILES[kernel], line, column),
        })
    fits = offset <= 196608
    dump = {"Header": {"KernelName": kernel}, "Record": [{
        "error_info": "" if fits else "ub overflow, requires %d bits while 1572864 bits available!" % (offset * 8),
        "memory_info_array": records, "scope": "ub", "status": "success" if fits else "fail"}]}
    print(json.dumps(dump, indent=2))


if __name__ == "__main__":
    main(sys.argv[1])
