// A file that imports only PromiseFoundation can name `Promise`, as one importing PromiseAsync can.
@_exported import Promises
