@_exported import Promises
