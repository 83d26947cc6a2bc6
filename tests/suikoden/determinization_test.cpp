// What a seat knows in this game: determinization, observation (issue 10; being written).
#include <gtest/gtest.h>
