# A kernel whose lines hold markup: the plan page must show them as text.
def kernel():
    x = "<img src=x onerror=alert(2)>"  # </script><script>alert(3)</script>
    y = x + "&lt;   ' \" `"
    return y
