// SPDX-License-Identifier: MIT
#pragma once
// The slice of the NCCL C API (RCCL on AMD is a fork with the same ABI) the collective.*
// benchmarks call, loaded with dlopen so the helper neither links nor needs the library: declared
// here with the values of nccl.h (NVIDIA/nccl src/nccl.h.in; RCCL's src/nccl.h.in is the same):
//   typedef enum { ncclSuccess = 0, ... } ncclResult_t;
//   typedef struct ncclComm* ncclComm_t;
//   ncclDataType_t: ncclFloat32 = 7 (ncclInt8 0, ncclUint8 1, ncclInt32 2, ncclUint32 3,
//                   ncclInt64 4, ncclUint64 5, ncclFloat16 6, ncclFloat32 7, ncclFloat64 8)
//   ncclRedOp_t:    ncclSum = 0
//   ncclResult_t ncclCommInitAll(ncclComm_t* comms, int ndev, const int* devlist);
//   ncclResult_t ncclCommDestroy(ncclComm_t comm);
//   ncclResult_t ncclAllReduce(const void* sendbuff, void* recvbuff, size_t count,
//                              ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
//                              cudaStream_t stream);
//   ncclResult_t ncclAllGather(const void* sendbuff, void* recvbuff, size_t sendcount,
//                              ncclDataType_t datatype, ncclComm_t comm, cudaStream_t stream);
//   ncclResult_t ncclGroupStart(void); ncclResult_t ncclGroupEnd(void);
//   ncclResult_t ncclGetVersion(int* version); const char* ncclGetErrorString(ncclResult_t);
// The enums are C enums: int-sized on every ABI the helper builds for.
#include <cstddef>
#include <string>
#include <vector>

namespace rocm_doctor::hip_helper::collective {

using NcclResult = int;
using NcclComm = struct NcclCommOpaque*;
inline constexpr NcclResult kNcclSuccess = 0;
inline constexpr int kNcclFloat32 = 7;
inline constexpr int kNcclSum = 0;

struct NcclApi {
  void* library = nullptr;
  std::string path;                // the name that loaded
  std::vector<std::string> tried;  // "libnccl.so.2: cannot open shared object file ..."
  const char* (*GetErrorString)(NcclResult) = nullptr;
  NcclResult (*GetVersion)(int*) = nullptr;
  NcclResult (*CommInitAll)(NcclComm*, int, const int*) = nullptr;
  NcclResult (*CommDestroy)(NcclComm) = nullptr;
  NcclResult (*AllReduce)(const void*, void*, std::size_t, int, int, NcclComm, void*) = nullptr;
  NcclResult (*AllGather)(const void*, void*, std::size_t, int, NcclComm, void*) = nullptr;
  NcclResult (*GroupStart)() = nullptr;
  NcclResult (*GroupEnd)() = nullptr;
  bool ok() const { return library != nullptr; }
};

// Loads RCCL ("hip") or NCCL ("cuda"): $ROCMDOC_COLLECTIVE_LIBRARY first when set, then the
// usual sonames. A library without one of the symbols is closed and recorded in `tried`.
NcclApi LoadNccl(const std::string& backend);

}  // namespace rocm_doctor::hip_helper::collective
