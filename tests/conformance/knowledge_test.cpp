// Issue 10 (being written).
#include <gtest/gtest.h>
