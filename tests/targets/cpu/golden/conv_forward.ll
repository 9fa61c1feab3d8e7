; ModuleID = "golden_conv"
target triple = "unknown-unknown-unknown"
target datalayout = ""

define i8* @"golden_conv"(i8* %".1", i8** %".2", i64 %".3")
{
check:
  %".7" = icmp eq i64 %".3", 7
  br i1 %".7", label %"ok", label %"bad"
bad:
  call void @"tj_incref"(i8* @"tj_notimpl")
  ret i8* @"tj_notimpl"
ok:
  %".10" = getelementptr i8*, i8** %".2", i64 0
  %".11" = load i8*, i8** %".10"
  %".12" = getelementptr i8, i8* %".11", i64 8
  %".13" = bitcast i8* %".12" to i8**
  %".14" = load i8*, i8** %".13"
  %".15" = icmp eq i8* %".14", @"tj_long"
  br i1 %".15", label %"ok.1", label %"bad"
failed:
  ret i8* null
ok.1:
  %".17" = call i64 @"tj_as_ll"(i8* %".11")
  %".18" = icmp eq i64 %".17", -1
  br i1 %".18", label %"maybe_error", label %"int_ok"
maybe_error:
  %".20" = call i8* @"tj_err_occurred"()
  %".21" = icmp ne i8* %".20", null
  br i1 %".21", label %"failed", label %"int_ok"
int_ok:
  %".23" = getelementptr i8*, i8** %".2", i64 1
  %".24" = load i8*, i8** %".23"
  %".25" = getelementptr i8, i8* %".24", i64 8
  %".26" = bitcast i8* %".25" to i8**
  %".27" = load i8*, i8** %".26"
  %".28" = icmp eq i8* %".27", @"tj_long"
  br i1 %".28", label %"ok.2", label %"bad"
ok.2:
  %".30" = call i64 @"tj_as_ll"(i8* %".24")
  %".31" = icmp eq i64 %".30", -1
  br i1 %".31", label %"maybe_error.1", label %"int_ok.1"
maybe_error.1:
  %".33" = call i8* @"tj_err_occurred"()
  %".34" = icmp ne i8* %".33", null
  br i1 %".34", label %"failed", label %"int_ok.1"
int_ok.1:
  %".36" = getelementptr i8*, i8** %".2", i64 2
  %".37" = load i8*, i8** %".36"
  %".38" = getelementptr i8, i8* %".37", i64 8
  %".39" = bitcast i8* %".38" to i8**
  %".40" = load i8*, i8** %".39"
  %".41" = icmp eq i8* %".40", @"tj_long"
  br i1 %".41", label %"ok.3", label %"bad"
ok.3:
  %".43" = call i64 @"tj_as_ll"(i8* %".37")
  %".44" = icmp eq i64 %".43", -1
  br i1 %".44", label %"maybe_error.2", label %"int_ok.2"
maybe_error.2:
  %".46" = call i8* @"tj_err_occurred"()
  %".47" = icmp ne i8* %".46", null
  br i1 %".47", label %"failed", label %"int_ok.2"
int_ok.2:
  %".49" = getelementptr i8*, i8** %".2", i64 3
  %".50" = load i8*, i8** %".49"
  %".51" = getelementptr i8, i8* %".50", i64 8
  %".52" = bitcast i8* %".51" to i8**
  %".53" = load i8*, i8** %".52"
  %".54" = icmp eq i8* %".53", @"tj_long"
  br i1 %".54", label %"ok.4", label %"bad"
ok.4:
  %".56" = call i64 @"tj_as_ll"(i8* %".50")
  %".57" = icmp eq i64 %".56", -1
  br i1 %".57", label %"maybe_error.3", label %"int_ok.3"
maybe_error.3:
  %".59" = call i8* @"tj_err_occurred"()
  %".60" = icmp ne i8* %".59", null
  br i1 %".60", label %"failed", label %"int_ok.3"
int_ok.3:
  %".62" = getelementptr i8*, i8** %".2", i64 4
  %".63" = load i8*, i8** %".62"
  %".64" = call i1 @"tj_arg_ok"(i8* %".63", i32 1, i32 11, i32 11, i32 257)
  br i1 %".64", label %"ok.5", label %"bad"
ok.5:
  %".66" = getelementptr i8, i8* %".63", i64 16
  %".67" = bitcast i8* %".66" to i8**
  %".68" = load i8*, i8** %".67"
  %".69" = bitcast i8* %".68" to float*
  %".70" = getelementptr i8, i8* %".63", i64 32
  %".71" = bitcast i8* %".70" to i64**
  %".72" = load i64*, i64** %".71"
  %".73" = getelementptr i64, i64* %".72", i64 0
  %".74" = load i64, i64* %".73"
  %".75" = getelementptr i8*, i8** %".2", i64 5
  %".76" = load i8*, i8** %".75"
  %".77" = call i1 @"tj_arg_ok"(i8* %".76", i32 1, i32 11, i32 11, i32 257)
  br i1 %".77", label %"ok.6", label %"bad"
ok.6:
  %".79" = getelementptr i8, i8* %".76", i64 16
  %".80" = bitcast i8* %".79" to i8**
  %".81" = load i8*, i8** %".80"
  %".82" = bitcast i8* %".81" to float*
  %".83" = getelementptr i8, i8* %".76", i64 32
  %".84" = bitcast i8* %".83" to i64**
  %".85" = load i64*, i64** %".84"
  %".86" = getelementptr i64, i64* %".85", i64 0
  %".87" = load i64, i64* %".86"
  %".88" = getelementptr i8*, i8** %".2", i64 6
  %".89" = load i8*, i8** %".88"
  %".90" = call i1 @"tj_arg_ok"(i8* %".89", i32 1, i32 11, i32 11, i32 1281)
  br i1 %".90", label %"ok.7", label %"bad"
ok.7:
  %".92" = getelementptr i8, i8* %".89", i64 16
  %".93" = bitcast i8* %".92" to i8**
  %".94" = load i8*, i8** %".93"
  %".95" = bitcast i8* %".94" to float*
  %".96" = getelementptr i8, i8* %".89", i64 32
  %".97" = bitcast i8* %".96" to i64**
  %".98" = load i64*, i64** %".97"
  %".99" = getelementptr i64, i64* %".98", i64 0
  %".100" = load i64, i64* %".99"
  %".101" = call i8* @"tj_save_thread"()
  call void @"golden_conv_body"(i64 %".17", i64 %".30", i64 %".43", i64 %".56", float* %".69", i64 %".74", float* %".82", i64 %".87", float* %".95", i64 %".100")
  call void @"tj_restore_thread"(i8* %".101")
  call void @"tj_incref"(i8* @"tj_none")
  ret i8* @"tj_none"
}

@"tj_notimpl" = external global i8
declare void @"tj_incref"(i8* %".1")

@"tj_long" = external global i8
declare i64 @"tj_as_ll"(i8* %".1")

declare i8* @"tj_err_occurred"()

define internal i1 @"tj_arg_ok"(i8* %".1", i32 %".2", i32 %".3", i32 %".4", i32 %".5") noinline
{
type:
  %".7" = getelementptr i8, i8* %".1", i64 8
  %".8" = bitcast i8* %".7" to i8**
  %".9" = load i8*, i8** %".8"
  %".10" = icmp eq i8* %".9", @"tj_ndarray"
  br i1 %".10", label %"fields", label %"no"
fields:
  %".13" = getelementptr i8, i8* %".1", i64 24
  %".14" = bitcast i8* %".13" to i32*
  %".15" = load i32, i32* %".14"
  %".16" = icmp eq i32 %".15", %".2"
  %".17" = getelementptr i8, i8* %".1", i64 56
  %".18" = bitcast i8* %".17" to i8**
  %".19" = load i8*, i8** %".18"
  %".20" = getelementptr i8, i8* %".19", i64 28
  %".21" = bitcast i8* %".20" to i32*
  %".22" = load i32, i32* %".21"
  %".23" = icmp eq i32 %".22", %".3"
  %".24" = icmp eq i32 %".22", %".4"
  %".25" = or i1 %".23", %".24"
  %".26" = and i1 %".16", %".25"
  %".27" = getelementptr i8, i8* %".19", i64 26
  %".28" = load i8, i8* %".27"
  %".29" = icmp eq i8 %".28", 61
  %".30" = icmp eq i8 %".28", 124
  %".31" = or i1 %".29", %".30"
  %".32" = and i1 %".26", %".31"
  %".33" = getelementptr i8, i8* %".1", i64 64
  %".34" = bitcast i8* %".33" to i32*
  %".35" = load i32, i32* %".34"
  %".36" = or i32 %".5", 1
  %".37" = and i32 %".35", %".36"
  %".38" = icmp eq i32 %".37", %".5"
  %".39" = and i1 %".32", %".38"
  ret i1 %".39"
no:
  ret i1 0
}

@"tj_ndarray" = external global i8
define internal void @"golden_conv_body"(i64 %".1", i64 %".2", i64 %".3", i64 %".4", float* noalias %".5", i64 %".6", float* noalias %".7", i64 %".8", float* noalias %".9", i64 %".10") noinline
{
entry:
  %".12" = alloca <8 x float>
  %".13" = alloca <8 x float>
  %".14" = alloca <8 x float>
  %".15" = alloca <8 x float>
  %".16" = alloca <8 x float>
  %".17" = alloca <8 x float>
  %".18" = alloca <8 x float>
  %".19" = alloca <8 x float>
  %".50" = alloca i64
  br label %"start"
start:
  %".20" = inttoptr i64 %".4" to i64*
  br label %"item"
item:
  %".22" = atomicrmw add i64* %".20", i64 1 monotonic
  %".23" = icmp slt i64 %".22", %".3"
  br i1 %".23", label %"work", label %"done"
work:
  %".25" = srem i64 %".22", 3
  %".26" = sdiv i64 %".22", 3
  %".27" = srem i64 %".26", 1
  %".28" = sdiv i64 %".26", 1
  %".29" = srem i64 %".28", 1
  %".30" = sdiv i64 %".28", 1
  %".31" = mul i64 %".25", 16
  %".32" = mul i64 %".29", 3
  %".33" = mul i64 %".30", 408
  %".34" = mul i64 %".32", 136
  %".35" = add i64 %".33", %".34"
  %".36" = add i64 %".35", %".31"
  %".37" = getelementptr float, float* %".5", i64 %".36"
  %".38" = mul i64 %".29", 1
  %".39" = add i64 %".38", %".27"
  %".40" = mul i64 %".39", 108
  %".41" = getelementptr float, float* %".7", i64 %".40"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".12"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".13"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".14"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".15"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".16"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".17"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".18"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".19"
  store i64 0, i64* %".50"
  br label %"head"
done:
  ret void
head:
  %".53" = load i64, i64* %".50"
  %".54" = icmp slt i64 %".53", 3
  br i1 %".54", label %"body", label %"done.1"
body:
  %".56" = mul i64 %".53", 136
  %".57" = getelementptr float, float* %".37", i64 %".56"
  %".58" = mul i64 %".53", 36
  %".59" = getelementptr float, float* %".41", i64 %".58"
  %".60" = load <8 x float>, <8 x float>* %".12"
  %".61" = load <8 x float>, <8 x float>* %".13"
  %".62" = load <8 x float>, <8 x float>* %".14"
  %".63" = load <8 x float>, <8 x float>* %".15"
  %".64" = load <8 x float>, <8 x float>* %".16"
  %".65" = load <8 x float>, <8 x float>* %".17"
  %".66" = load <8 x float>, <8 x float>* %".18"
  %".67" = load <8 x float>, <8 x float>* %".19"
  %".68" = getelementptr float, float* %".57", i64 0
  %".69" = bitcast float* %".68" to <8 x float>*
  %".70" = load <8 x float>, <8 x float>* %".69", align 4
  %".71" = getelementptr float, float* %".57", i64 8
  %".72" = bitcast float* %".71" to <8 x float>*
  %".73" = load <8 x float>, <8 x float>* %".72", align 4
  %".74" = getelementptr float, float* %".59", i64 0
  %".75" = load float, float* %".74"
  %".76" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".75", i64 0
  %".77" = shufflevector <8 x float> %".76", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".78" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".77", <8 x float> %".70", <8 x float> %".60")
  %".79" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".77", <8 x float> %".73", <8 x float> %".61")
  %".80" = getelementptr float, float* %".59", i64 1
  %".81" = load float, float* %".80"
  %".82" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".81", i64 0
  %".83" = shufflevector <8 x float> %".82", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".84" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".83", <8 x float> %".70", <8 x float> %".62")
  %".85" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".83", <8 x float> %".73", <8 x float> %".63")
  %".86" = getelementptr float, float* %".59", i64 2
  %".87" = load float, float* %".86"
  %".88" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".87", i64 0
  %".89" = shufflevector <8 x float> %".88", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".90" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".89", <8 x float> %".70", <8 x float> %".64")
  %".91" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".89", <8 x float> %".73", <8 x float> %".65")
  %".92" = getelementptr float, float* %".59", i64 3
  %".93" = load float, float* %".92"
  %".94" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".93", i64 0
  %".95" = shufflevector <8 x float> %".94", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".96" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".95", <8 x float> %".70", <8 x float> %".66")
  %".97" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".95", <8 x float> %".73", <8 x float> %".67")
  %".98" = getelementptr float, float* %".57", i64 1
  %".99" = bitcast float* %".98" to <8 x float>*
  %".100" = load <8 x float>, <8 x float>* %".99", align 4
  %".101" = getelementptr float, float* %".57", i64 9
  %".102" = bitcast float* %".101" to <8 x float>*
  %".103" = load <8 x float>, <8 x float>* %".102", align 4
  %".104" = getelementptr float, float* %".59", i64 4
  %".105" = load float, float* %".104"
  %".106" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".105", i64 0
  %".107" = shufflevector <8 x float> %".106", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".108" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".107", <8 x float> %".100", <8 x float> %".78")
  %".109" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".107", <8 x float> %".103", <8 x float> %".79")
  %".110" = getelementptr float, float* %".59", i64 5
  %".111" = load float, float* %".110"
  %".112" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".111", i64 0
  %".113" = shufflevector <8 x float> %".112", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".114" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".113", <8 x float> %".100", <8 x float> %".84")
  %".115" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".113", <8 x float> %".103", <8 x float> %".85")
  %".116" = getelementptr float, float* %".59", i64 6
  %".117" = load float, float* %".116"
  %".118" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".117", i64 0
  %".119" = shufflevector <8 x float> %".118", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".120" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".119", <8 x float> %".100", <8 x float> %".90")
  %".121" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".119", <8 x float> %".103", <8 x float> %".91")
  %".122" = getelementptr float, float* %".59", i64 7
  %".123" = load float, float* %".122"
  %".124" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".123", i64 0
  %".125" = shufflevector <8 x float> %".124", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".126" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".125", <8 x float> %".100", <8 x float> %".96")
  %".127" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".125", <8 x float> %".103", <8 x float> %".97")
  %".128" = getelementptr float, float* %".57", i64 2
  %".129" = bitcast float* %".128" to <8 x float>*
  %".130" = load <8 x float>, <8 x float>* %".129", align 4
  %".131" = getelementptr float, float* %".57", i64 10
  %".132" = bitcast float* %".131" to <8 x float>*
  %".133" = load <8 x float>, <8 x float>* %".132", align 4
  %".134" = getelementptr float, float* %".59", i64 8
  %".135" = load float, float* %".134"
  %".136" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".135", i64 0
  %".137" = shufflevector <8 x float> %".136", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".138" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".137", <8 x float> %".130", <8 x float> %".108")
  %".139" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".137", <8 x float> %".133", <8 x float> %".109")
  %".140" = getelementptr float, float* %".59", i64 9
  %".141" = load float, float* %".140"
  %".142" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".141", i64 0
  %".143" = shufflevector <8 x float> %".142", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".144" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".143", <8 x float> %".130", <8 x float> %".114")
  %".145" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".143", <8 x float> %".133", <8 x float> %".115")
  %".146" = getelementptr float, float* %".59", i64 10
  %".147" = load float, float* %".146"
  %".148" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".147", i64 0
  %".149" = shufflevector <8 x float> %".148", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".150" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".149", <8 x float> %".130", <8 x float> %".120")
  %".151" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".149", <8 x float> %".133", <8 x float> %".121")
  %".152" = getelementptr float, float* %".59", i64 11
  %".153" = load float, float* %".152"
  %".154" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".153", i64 0
  %".155" = shufflevector <8 x float> %".154", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".156" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".155", <8 x float> %".130", <8 x float> %".126")
  %".157" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".155", <8 x float> %".133", <8 x float> %".127")
  %".158" = getelementptr float, float* %".57", i64 8
  %".159" = bitcast float* %".158" to <8 x float>*
  %".160" = load <8 x float>, <8 x float>* %".159", align 4
  %".161" = getelementptr float, float* %".57", i64 16
  %".162" = bitcast float* %".161" to <8 x float>*
  %".163" = load <8 x float>, <8 x float>* %".162", align 4
  %".164" = getelementptr float, float* %".59", i64 12
  %".165" = load float, float* %".164"
  %".166" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".165", i64 0
  %".167" = shufflevector <8 x float> %".166", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".168" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".167", <8 x float> %".160", <8 x float> %".138")
  %".169" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".167", <8 x float> %".163", <8 x float> %".139")
  %".170" = getelementptr float, float* %".59", i64 13
  %".171" = load float, float* %".170"
  %".172" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".171", i64 0
  %".173" = shufflevector <8 x float> %".172", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".174" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".173", <8 x float> %".160", <8 x float> %".144")
  %".175" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".173", <8 x float> %".163", <8 x float> %".145")
  %".176" = getelementptr float, float* %".59", i64 14
  %".177" = load float, float* %".176"
  %".178" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".177", i64 0
  %".179" = shufflevector <8 x float> %".178", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".180" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".179", <8 x float> %".160", <8 x float> %".150")
  %".181" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".179", <8 x float> %".163", <8 x float> %".151")
  %".182" = getelementptr float, float* %".59", i64 15
  %".183" = load float, float* %".182"
  %".184" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".183", i64 0
  %".185" = shufflevector <8 x float> %".184", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".186" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".185", <8 x float> %".160", <8 x float> %".156")
  %".187" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".185", <8 x float> %".163", <8 x float> %".157")
  %".188" = getelementptr float, float* %".57", i64 9
  %".189" = bitcast float* %".188" to <8 x float>*
  %".190" = load <8 x float>, <8 x float>* %".189", align 4
  %".191" = getelementptr float, float* %".57", i64 17
  %".192" = bitcast float* %".191" to <8 x float>*
  %".193" = load <8 x float>, <8 x float>* %".192", align 4
  %".194" = getelementptr float, float* %".59", i64 16
  %".195" = load float, float* %".194"
  %".196" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".195", i64 0
  %".197" = shufflevector <8 x float> %".196", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".198" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".197", <8 x float> %".190", <8 x float> %".168")
  %".199" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".197", <8 x float> %".193", <8 x float> %".169")
  %".200" = getelementptr float, float* %".59", i64 17
  %".201" = load float, float* %".200"
  %".202" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".201", i64 0
  %".203" = shufflevector <8 x float> %".202", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".204" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".203", <8 x float> %".190", <8 x float> %".174")
  %".205" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".203", <8 x float> %".193", <8 x float> %".175")
  %".206" = getelementptr float, float* %".59", i64 18
  %".207" = load float, float* %".206"
  %".208" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".207", i64 0
  %".209" = shufflevector <8 x float> %".208", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".210" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".209", <8 x float> %".190", <8 x float> %".180")
  %".211" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".209", <8 x float> %".193", <8 x float> %".181")
  %".212" = getelementptr float, float* %".59", i64 19
  %".213" = load float, float* %".212"
  %".214" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".213", i64 0
  %".215" = shufflevector <8 x float> %".214", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".216" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".215", <8 x float> %".190", <8 x float> %".186")
  %".217" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".215", <8 x float> %".193", <8 x float> %".187")
  %".218" = getelementptr float, float* %".57", i64 10
  %".219" = bitcast float* %".218" to <8 x float>*
  %".220" = load <8 x float>, <8 x float>* %".219", align 4
  %".221" = getelementptr float, float* %".57", i64 18
  %".222" = bitcast float* %".221" to <8 x float>*
  %".223" = load <8 x float>, <8 x float>* %".222", align 4
  %".224" = getelementptr float, float* %".59", i64 20
  %".225" = load float, float* %".224"
  %".226" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".225", i64 0
  %".227" = shufflevector <8 x float> %".226", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".228" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".227", <8 x float> %".220", <8 x float> %".198")
  %".229" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".227", <8 x float> %".223", <8 x float> %".199")
  %".230" = getelementptr float, float* %".59", i64 21
  %".231" = load float, float* %".230"
  %".232" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".231", i64 0
  %".233" = shufflevector <8 x float> %".232", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".234" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".233", <8 x float> %".220", <8 x float> %".204")
  %".235" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".233", <8 x float> %".223", <8 x float> %".205")
  %".236" = getelementptr float, float* %".59", i64 22
  %".237" = load float, float* %".236"
  %".238" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".237", i64 0
  %".239" = shufflevector <8 x float> %".238", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".240" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".239", <8 x float> %".220", <8 x float> %".210")
  %".241" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".239", <8 x float> %".223", <8 x float> %".211")
  %".242" = getelementptr float, float* %".59", i64 23
  %".243" = load float, float* %".242"
  %".244" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".243", i64 0
  %".245" = shufflevector <8 x float> %".244", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".246" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".245", <8 x float> %".220", <8 x float> %".216")
  %".247" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".245", <8 x float> %".223", <8 x float> %".217")
  %".248" = getelementptr float, float* %".57", i64 16
  %".249" = bitcast float* %".248" to <8 x float>*
  %".250" = load <8 x float>, <8 x float>* %".249", align 4
  %".251" = getelementptr float, float* %".57", i64 24
  %".252" = bitcast float* %".251" to <8 x float>*
  %".253" = load <8 x float>, <8 x float>* %".252", align 4
  %".254" = getelementptr float, float* %".59", i64 24
  %".255" = load float, float* %".254"
  %".256" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".255", i64 0
  %".257" = shufflevector <8 x float> %".256", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".258" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".257", <8 x float> %".250", <8 x float> %".228")
  %".259" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".257", <8 x float> %".253", <8 x float> %".229")
  %".260" = getelementptr float, float* %".59", i64 25
  %".261" = load float, float* %".260"
  %".262" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".261", i64 0
  %".263" = shufflevector <8 x float> %".262", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".264" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".263", <8 x float> %".250", <8 x float> %".234")
  %".265" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".263", <8 x float> %".253", <8 x float> %".235")
  %".266" = getelementptr float, float* %".59", i64 26
  %".267" = load float, float* %".266"
  %".268" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".267", i64 0
  %".269" = shufflevector <8 x float> %".268", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".270" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".269", <8 x float> %".250", <8 x float> %".240")
  %".271" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".269", <8 x float> %".253", <8 x float> %".241")
  %".272" = getelementptr float, float* %".59", i64 27
  %".273" = load float, float* %".272"
  %".274" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".273", i64 0
  %".275" = shufflevector <8 x float> %".274", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".276" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".275", <8 x float> %".250", <8 x float> %".246")
  %".277" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".275", <8 x float> %".253", <8 x float> %".247")
  %".278" = getelementptr float, float* %".57", i64 17
  %".279" = bitcast float* %".278" to <8 x float>*
  %".280" = load <8 x float>, <8 x float>* %".279", align 4
  %".281" = getelementptr float, float* %".57", i64 25
  %".282" = bitcast float* %".281" to <8 x float>*
  %".283" = load <8 x float>, <8 x float>* %".282", align 4
  %".284" = getelementptr float, float* %".59", i64 28
  %".285" = load float, float* %".284"
  %".286" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".285", i64 0
  %".287" = shufflevector <8 x float> %".286", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".288" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".287", <8 x float> %".280", <8 x float> %".258")
  %".289" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".287", <8 x float> %".283", <8 x float> %".259")
  %".290" = getelementptr float, float* %".59", i64 29
  %".291" = load float, float* %".290"
  %".292" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".291", i64 0
  %".293" = shufflevector <8 x float> %".292", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".294" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".293", <8 x float> %".280", <8 x float> %".264")
  %".295" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".293", <8 x float> %".283", <8 x float> %".265")
  %".296" = getelementptr float, float* %".59", i64 30
  %".297" = load float, float* %".296"
  %".298" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".297", i64 0
  %".299" = shufflevector <8 x float> %".298", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".300" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".299", <8 x float> %".280", <8 x float> %".270")
  %".301" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".299", <8 x float> %".283", <8 x float> %".271")
  %".302" = getelementptr float, float* %".59", i64 31
  %".303" = load float, float* %".302"
  %".304" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".303", i64 0
  %".305" = shufflevector <8 x float> %".304", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".306" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".305", <8 x float> %".280", <8 x float> %".276")
  %".307" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".305", <8 x float> %".283", <8 x float> %".277")
  %".308" = getelementptr float, float* %".57", i64 18
  %".309" = bitcast float* %".308" to <8 x float>*
  %".310" = load <8 x float>, <8 x float>* %".309", align 4
  %".311" = getelementptr float, float* %".57", i64 26
  %".312" = bitcast float* %".311" to <8 x float>*
  %".313" = load <8 x float>, <8 x float>* %".312", align 4
  %".314" = getelementptr float, float* %".59", i64 32
  %".315" = load float, float* %".314"
  %".316" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".315", i64 0
  %".317" = shufflevector <8 x float> %".316", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".318" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".317", <8 x float> %".310", <8 x float> %".288")
  %".319" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".317", <8 x float> %".313", <8 x float> %".289")
  %".320" = getelementptr float, float* %".59", i64 33
  %".321" = load float, float* %".320"
  %".322" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".321", i64 0
  %".323" = shufflevector <8 x float> %".322", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".324" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".323", <8 x float> %".310", <8 x float> %".294")
  %".325" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".323", <8 x float> %".313", <8 x float> %".295")
  %".326" = getelementptr float, float* %".59", i64 34
  %".327" = load float, float* %".326"
  %".328" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".327", i64 0
  %".329" = shufflevector <8 x float> %".328", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".330" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".329", <8 x float> %".310", <8 x float> %".300")
  %".331" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".329", <8 x float> %".313", <8 x float> %".301")
  %".332" = getelementptr float, float* %".59", i64 35
  %".333" = load float, float* %".332"
  %".334" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".333", i64 0
  %".335" = shufflevector <8 x float> %".334", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".336" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".335", <8 x float> %".310", <8 x float> %".306")
  %".337" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".335", <8 x float> %".313", <8 x float> %".307")
  store <8 x float> %".318", <8 x float>* %".12"
  store <8 x float> %".319", <8 x float>* %".13"
  store <8 x float> %".324", <8 x float>* %".14"
  store <8 x float> %".325", <8 x float>* %".15"
  store <8 x float> %".330", <8 x float>* %".16"
  store <8 x float> %".331", <8 x float>* %".17"
  store <8 x float> %".336", <8 x float>* %".18"
  store <8 x float> %".337", <8 x float>* %".19"
  %".346" = add nsw i64 %".53", 1
  store i64 %".346", i64* %".50"
  br label %"head"
done.1:
  %".349" = add i64 %".31", 0
  %".350" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".349", i64 0
  %".351" = shufflevector <8 x i64> %".350", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".352" = add <8 x i64> %".351", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".353" = sdiv <8 x i64> %".352", <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %".354" = mul <8 x i64> %".353", <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %".355" = sub <8 x i64> %".352", %".354"
  %".356" = icmp slt <8 x i64> %".355", <i64 6, i64 6, i64 6, i64 6, i64 6, i64 6, i64 6, i64 6>
  %".357" = icmp slt <8 x i64> %".353", <i64 6, i64 6, i64 6, i64 6, i64 6, i64 6, i64 6, i64 6>
  %".358" = and <8 x i1> %".356", %".357"
  %".359" = sdiv i64 %".349", 8
  %".360" = add i64 %".349", 7
  %".361" = sdiv i64 %".360", 8
  %".362" = add i64 %".359", 0
  %".363" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".362", i64 0
  %".364" = shufflevector <8 x i64> %".363", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".365" = icmp eq <8 x i64> %".353", %".364"
  %".366" = and <8 x i1> %".358", %".365"
  %".367" = icmp sle i64 %".362", %".361"
  %".368" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".367", i64 0
  %".369" = shufflevector <8 x i1> %".368", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".370" = and <8 x i1> %".366", %".369"
  %".371" = mul i64 %".362", 1
  %".372" = add i64 %".371", 0
  %".373" = mul i64 %".372", 6
  %".374" = add i64 %".373", 0
  %".375" = mul i64 %".362", 8
  %".376" = sub i64 %".374", %".375"
  %".377" = add i64 %".349", %".376"
  %".378" = add i64 %".359", 1
  %".379" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".378", i64 0
  %".380" = shufflevector <8 x i64> %".379", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".381" = icmp eq <8 x i64> %".353", %".380"
  %".382" = and <8 x i1> %".358", %".381"
  %".383" = icmp sle i64 %".378", %".361"
  %".384" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".383", i64 0
  %".385" = shufflevector <8 x i1> %".384", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".386" = and <8 x i1> %".382", %".385"
  %".387" = mul i64 %".378", 1
  %".388" = add i64 %".387", 0
  %".389" = mul i64 %".388", 6
  %".390" = add i64 %".389", 0
  %".391" = mul i64 %".378", 8
  %".392" = sub i64 %".390", %".391"
  %".393" = add i64 %".349", %".392"
  %".394" = add i64 %".359", 2
  %".395" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".394", i64 0
  %".396" = shufflevector <8 x i64> %".395", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".397" = icmp eq <8 x i64> %".353", %".396"
  %".398" = and <8 x i1> %".358", %".397"
  %".399" = icmp sle i64 %".394", %".361"
  %".400" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".399", i64 0
  %".401" = shufflevector <8 x i1> %".400", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".402" = and <8 x i1> %".398", %".401"
  %".403" = mul i64 %".394", 1
  %".404" = add i64 %".403", 0
  %".405" = mul i64 %".404", 6
  %".406" = add i64 %".405", 0
  %".407" = mul i64 %".394", 8
  %".408" = sub i64 %".406", %".407"
  %".409" = add i64 %".349", %".408"
  %".410" = add i64 %".31", 8
  %".411" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".410", i64 0
  %".412" = shufflevector <8 x i64> %".411", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".413" = add <8 x i64> %".412", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".414" = sdiv <8 x i64> %".413", <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %".415" = mul <8 x i64> %".414", <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %".416" = sub <8 x i64> %".413", %".415"
  %".417" = icmp slt <8 x i64> %".416", <i64 6, i64 6, i64 6, i64 6, i64 6, i64 6, i64 6, i64 6>
  %".418" = icmp slt <8 x i64> %".414", <i64 6, i64 6, i64 6, i64 6, i64 6, i64 6, i64 6, i64 6>
  %".419" = and <8 x i1> %".417", %".418"
  %".420" = sdiv i64 %".410", 8
  %".421" = add i64 %".410", 7
  %".422" = sdiv i64 %".421", 8
  %".423" = add i64 %".420", 0
  %".424" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".423", i64 0
  %".425" = shufflevector <8 x i64> %".424", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".426" = icmp eq <8 x i64> %".414", %".425"
  %".427" = and <8 x i1> %".419", %".426"
  %".428" = icmp sle i64 %".423", %".422"
  %".429" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".428", i64 0
  %".430" = shufflevector <8 x i1> %".429", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".431" = and <8 x i1> %".427", %".430"
  %".432" = mul i64 %".423", 1
  %".433" = add i64 %".432", 0
  %".434" = mul i64 %".433", 6
  %".435" = add i64 %".434", 0
  %".436" = mul i64 %".423", 8
  %".437" = sub i64 %".435", %".436"
  %".438" = add i64 %".410", %".437"
  %".439" = add i64 %".420", 1
  %".440" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".439", i64 0
  %".441" = shufflevector <8 x i64> %".440", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".442" = icmp eq <8 x i64> %".414", %".441"
  %".443" = and <8 x i1> %".419", %".442"
  %".444" = icmp sle i64 %".439", %".422"
  %".445" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".444", i64 0
  %".446" = shufflevector <8 x i1> %".445", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".447" = and <8 x i1> %".443", %".446"
  %".448" = mul i64 %".439", 1
  %".449" = add i64 %".448", 0
  %".450" = mul i64 %".449", 6
  %".451" = add i64 %".450", 0
  %".452" = mul i64 %".439", 8
  %".453" = sub i64 %".451", %".452"
  %".454" = add i64 %".410", %".453"
  %".455" = add i64 %".420", 2
  %".456" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".455", i64 0
  %".457" = shufflevector <8 x i64> %".456", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".458" = icmp eq <8 x i64> %".414", %".457"
  %".459" = and <8 x i1> %".419", %".458"
  %".460" = icmp sle i64 %".455", %".422"
  %".461" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".460", i64 0
  %".462" = shufflevector <8 x i1> %".461", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".463" = and <8 x i1> %".459", %".462"
  %".464" = mul i64 %".455", 1
  %".465" = add i64 %".464", 0
  %".466" = mul i64 %".465", 6
  %".467" = add i64 %".466", 0
  %".468" = mul i64 %".455", 8
  %".469" = sub i64 %".467", %".468"
  %".470" = add i64 %".410", %".469"
  %".471" = mul i64 %".27", 4
  %".472" = add i64 %".471", 0
  %".473" = icmp slt i64 %".472", 4
  br i1 %".473", label %"store", label %"stored"
store:
  %".475" = mul i64 %".30", 4
  %".476" = mul i64 %".29", 4
  %".477" = add i64 %".476", %".472"
  %".478" = add i64 %".475", %".477"
  %".479" = mul i64 %".478", 36
  %".480" = getelementptr float, float* %".9", i64 %".479"
  %".481" = load <8 x float>, <8 x float>* %".12"
  %".482" = getelementptr float, float* %".480", i64 %".377"
  %".483" = bitcast float* %".482" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".481", <8 x float>* %".483", i32 4, <8 x i1> %".370")
  %".485" = getelementptr float, float* %".480", i64 %".393"
  %".486" = bitcast float* %".485" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".481", <8 x float>* %".486", i32 4, <8 x i1> %".386")
  %".488" = getelementptr float, float* %".480", i64 %".409"
  %".489" = bitcast float* %".488" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".481", <8 x float>* %".489", i32 4, <8 x i1> %".402")
  %".491" = load <8 x float>, <8 x float>* %".13"
  %".492" = getelementptr float, float* %".480", i64 %".438"
  %".493" = bitcast float* %".492" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".491", <8 x float>* %".493", i32 4, <8 x i1> %".431")
  %".495" = getelementptr float, float* %".480", i64 %".454"
  %".496" = bitcast float* %".495" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".491", <8 x float>* %".496", i32 4, <8 x i1> %".447")
  %".498" = getelementptr float, float* %".480", i64 %".470"
  %".499" = bitcast float* %".498" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".491", <8 x float>* %".499", i32 4, <8 x i1> %".463")
  br label %"stored"
stored:
  %".502" = mul i64 %".27", 4
  %".503" = add i64 %".502", 1
  %".504" = icmp slt i64 %".503", 4
  br i1 %".504", label %"store.1", label %"stored.1"
store.1:
  %".506" = mul i64 %".30", 4
  %".507" = mul i64 %".29", 4
  %".508" = add i64 %".507", %".503"
  %".509" = add i64 %".506", %".508"
  %".510" = mul i64 %".509", 36
  %".511" = getelementptr float, float* %".9", i64 %".510"
  %".512" = load <8 x float>, <8 x float>* %".14"
  %".513" = getelementptr float, float* %".511", i64 %".377"
  %".514" = bitcast float* %".513" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".512", <8 x float>* %".514", i32 4, <8 x i1> %".370")
  %".516" = getelementptr float, float* %".511", i64 %".393"
  %".517" = bitcast float* %".516" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".512", <8 x float>* %".517", i32 4, <8 x i1> %".386")
  %".519" = getelementptr float, float* %".511", i64 %".409"
  %".520" = bitcast float* %".519" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".512", <8 x float>* %".520", i32 4, <8 x i1> %".402")
  %".522" = load <8 x float>, <8 x float>* %".15"
  %".523" = getelementptr float, float* %".511", i64 %".438"
  %".524" = bitcast float* %".523" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".522", <8 x float>* %".524", i32 4, <8 x i1> %".431")
  %".526" = getelementptr float, float* %".511", i64 %".454"
  %".527" = bitcast float* %".526" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".522", <8 x float>* %".527", i32 4, <8 x i1> %".447")
  %".529" = getelementptr float, float* %".511", i64 %".470"
  %".530" = bitcast float* %".529" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".522", <8 x float>* %".530", i32 4, <8 x i1> %".463")
  br label %"stored.1"
stored.1:
  %".533" = mul i64 %".27", 4
  %".534" = add i64 %".533", 2
  %".535" = icmp slt i64 %".534", 4
  br i1 %".535", label %"store.2", label %"stored.2"
store.2:
  %".537" = mul i64 %".30", 4
  %".538" = mul i64 %".29", 4
  %".539" = add i64 %".538", %".534"
  %".540" = add i64 %".537", %".539"
  %".541" = mul i64 %".540", 36
  %".542" = getelementptr float, float* %".9", i64 %".541"
  %".543" = load <8 x float>, <8 x float>* %".16"
  %".544" = getelementptr float, float* %".542", i64 %".377"
  %".545" = bitcast float* %".544" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".543", <8 x float>* %".545", i32 4, <8 x i1> %".370")
  %".547" = getelementptr float, float* %".542", i64 %".393"
  %".548" = bitcast float* %".547" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".543", <8 x float>* %".548", i32 4, <8 x i1> %".386")
  %".550" = getelementptr float, float* %".542", i64 %".409"
  %".551" = bitcast float* %".550" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".543", <8 x float>* %".551", i32 4, <8 x i1> %".402")
  %".553" = load <8 x float>, <8 x float>* %".17"
  %".554" = getelementptr float, float* %".542", i64 %".438"
  %".555" = bitcast float* %".554" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".553", <8 x float>* %".555", i32 4, <8 x i1> %".431")
  %".557" = getelementptr float, float* %".542", i64 %".454"
  %".558" = bitcast float* %".557" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".553", <8 x float>* %".558", i32 4, <8 x i1> %".447")
  %".560" = getelementptr float, float* %".542", i64 %".470"
  %".561" = bitcast float* %".560" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".553", <8 x float>* %".561", i32 4, <8 x i1> %".463")
  br label %"stored.2"
stored.2:
  %".564" = mul i64 %".27", 4
  %".565" = add i64 %".564", 3
  %".566" = icmp slt i64 %".565", 4
  br i1 %".566", label %"store.3", label %"stored.3"
store.3:
  %".568" = mul i64 %".30", 4
  %".569" = mul i64 %".29", 4
  %".570" = add i64 %".569", %".565"
  %".571" = add i64 %".568", %".570"
  %".572" = mul i64 %".571", 36
  %".573" = getelementptr float, float* %".9", i64 %".572"
  %".574" = load <8 x float>, <8 x float>* %".18"
  %".575" = getelementptr float, float* %".573", i64 %".377"
  %".576" = bitcast float* %".575" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".574", <8 x float>* %".576", i32 4, <8 x i1> %".370")
  %".578" = getelementptr float, float* %".573", i64 %".393"
  %".579" = bitcast float* %".578" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".574", <8 x float>* %".579", i32 4, <8 x i1> %".386")
  %".581" = getelementptr float, float* %".573", i64 %".409"
  %".582" = bitcast float* %".581" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".574", <8 x float>* %".582", i32 4, <8 x i1> %".402")
  %".584" = load <8 x float>, <8 x float>* %".19"
  %".585" = getelementptr float, float* %".573", i64 %".438"
  %".586" = bitcast float* %".585" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".584", <8 x float>* %".586", i32 4, <8 x i1> %".431")
  %".588" = getelementptr float, float* %".573", i64 %".454"
  %".589" = bitcast float* %".588" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".584", <8 x float>* %".589", i32 4, <8 x i1> %".447")
  %".591" = getelementptr float, float* %".573", i64 %".470"
  %".592" = bitcast float* %".591" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".584", <8 x float>* %".592", i32 4, <8 x i1> %".463")
  br label %"stored.3"
stored.3:
  br label %"item"
}

declare <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1", <8 x float> %".2", <8 x float> %".3")

declare void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1", <8 x float>* %".2", i32 %".3", <8 x i1> %".4")

declare float @"llvm.vector.reduce.fadd.v8f32"(float %".1", <8 x float> %".2")

declare i8* @"tj_save_thread"()

declare void @"tj_restore_thread"(i8* %".1")

@"tj_none" = external global i8
