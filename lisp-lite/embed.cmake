# Writes OUTPUT, a C++ file defining `const char* const gapmacs::lisp::NAME`
# as the text of INPUT in a raw string literal, so Lisp kept in a .el file
# is compiled into the binary:
#   cmake -DINPUT=FILE.el -DOUTPUT=FILE.cpp -DNAME=IDENTIFIER -P embed.cmake
# OUTPUT is rewritten only when its text changes.
file(READ "${INPUT}" text)
set(delimiter "GAPMACS_EMBED")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} holds the raw string's end, )${delimiter}\"")
endif()
file(WRITE "${OUTPUT}.new"
  "// Generated from ${INPUT} by embed.cmake: edit that file.\n"
  "namespace gapmacs::lisp {\n"
  "extern const char* const ${NAME};\n"
  "const char* const ${NAME} = R\"${delimiter}(${text})${delimiter}\";\n"
  "} // namespace gapmacs::lisp\n")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
