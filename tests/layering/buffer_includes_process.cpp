// Must not compile: buffer/ is below process/.
#include "process/process.hpp"
