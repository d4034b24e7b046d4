// Temporary while the layers are carved out: the executables, benchmarks and tests still see
// every layer through `import SquarestockKit`. Removed once each of them imports what it uses.
@_exported import SquarestockCore
@_exported import SquarestockMarket
@_exported import SquarestockNetworking
@_exported import SquarestockRendering
@_exported import SquarestockSearch
@_exported import SquarestockServices
@_exported import SquarestockWatch
