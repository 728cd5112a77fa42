# memlens test fixture: found from a dump folder two levels below by name.
def helper():
    return 1
