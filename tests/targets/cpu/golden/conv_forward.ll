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
  %".350" = sdiv i64 %".349", 8
  %".351" = mul i64 %".350", 8
  %".352" = sub i64 %".349", %".351"
  %".353" = trunc i64 %".352" to i32
  %".354" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".353", i64 0
  %".355" = shufflevector <8 x i32> %".354", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".356" = add <8 x i32> %".355", <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".357" = add i64 %".350", 0
  %".358" = icmp sge <8 x i32> %".356", <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".359" = icmp slt <8 x i32> %".356", <i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6>
  %".360" = and <8 x i1> %".358", %".359"
  %".361" = icmp slt i64 %".357", 6
  %".362" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".361", i64 0
  %".363" = shufflevector <8 x i1> %".362", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".364" = and <8 x i1> %".360", %".363"
  %".365" = mul i64 %".357", 1
  %".366" = add i64 %".365", 0
  %".367" = mul i64 %".366", 6
  %".368" = add i64 %".367", 0
  %".369" = mul i64 %".357", 8
  %".370" = sub i64 %".368", %".369"
  %".371" = add i64 %".349", %".370"
  %".372" = add i64 %".350", 1
  %".373" = icmp sge <8 x i32> %".356", <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %".374" = icmp slt <8 x i32> %".356", <i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14>
  %".375" = and <8 x i1> %".373", %".374"
  %".376" = icmp slt i64 %".372", 6
  %".377" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".376", i64 0
  %".378" = shufflevector <8 x i1> %".377", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".379" = and <8 x i1> %".375", %".378"
  %".380" = mul i64 %".372", 1
  %".381" = add i64 %".380", 0
  %".382" = mul i64 %".381", 6
  %".383" = add i64 %".382", 0
  %".384" = mul i64 %".372", 8
  %".385" = sub i64 %".383", %".384"
  %".386" = add i64 %".349", %".385"
  %".387" = add i64 %".350", 2
  %".388" = icmp sge <8 x i32> %".356", <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>
  %".389" = icmp slt <8 x i32> %".356", <i32 22, i32 22, i32 22, i32 22, i32 22, i32 22, i32 22, i32 22>
  %".390" = and <8 x i1> %".388", %".389"
  %".391" = icmp slt i64 %".387", 6
  %".392" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".391", i64 0
  %".393" = shufflevector <8 x i1> %".392", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".394" = and <8 x i1> %".390", %".393"
  %".395" = mul i64 %".387", 1
  %".396" = add i64 %".395", 0
  %".397" = mul i64 %".396", 6
  %".398" = add i64 %".397", 0
  %".399" = mul i64 %".387", 8
  %".400" = sub i64 %".398", %".399"
  %".401" = add i64 %".349", %".400"
  %".402" = add i64 %".31", 8
  %".403" = sdiv i64 %".402", 8
  %".404" = mul i64 %".403", 8
  %".405" = sub i64 %".402", %".404"
  %".406" = trunc i64 %".405" to i32
  %".407" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".406", i64 0
  %".408" = shufflevector <8 x i32> %".407", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".409" = add <8 x i32> %".408", <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".410" = add i64 %".403", 0
  %".411" = icmp sge <8 x i32> %".409", <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".412" = icmp slt <8 x i32> %".409", <i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6, i32 6>
  %".413" = and <8 x i1> %".411", %".412"
  %".414" = icmp slt i64 %".410", 6
  %".415" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".414", i64 0
  %".416" = shufflevector <8 x i1> %".415", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".417" = and <8 x i1> %".413", %".416"
  %".418" = mul i64 %".410", 1
  %".419" = add i64 %".418", 0
  %".420" = mul i64 %".419", 6
  %".421" = add i64 %".420", 0
  %".422" = mul i64 %".410", 8
  %".423" = sub i64 %".421", %".422"
  %".424" = add i64 %".402", %".423"
  %".425" = add i64 %".403", 1
  %".426" = icmp sge <8 x i32> %".409", <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %".427" = icmp slt <8 x i32> %".409", <i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14, i32 14>
  %".428" = and <8 x i1> %".426", %".427"
  %".429" = icmp slt i64 %".425", 6
  %".430" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".429", i64 0
  %".431" = shufflevector <8 x i1> %".430", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".432" = and <8 x i1> %".428", %".431"
  %".433" = mul i64 %".425", 1
  %".434" = add i64 %".433", 0
  %".435" = mul i64 %".434", 6
  %".436" = add i64 %".435", 0
  %".437" = mul i64 %".425", 8
  %".438" = sub i64 %".436", %".437"
  %".439" = add i64 %".402", %".438"
  %".440" = add i64 %".403", 2
  %".441" = icmp sge <8 x i32> %".409", <i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16, i32 16>
  %".442" = icmp slt <8 x i32> %".409", <i32 22, i32 22, i32 22, i32 22, i32 22, i32 22, i32 22, i32 22>
  %".443" = and <8 x i1> %".441", %".442"
  %".444" = icmp slt i64 %".440", 6
  %".445" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".444", i64 0
  %".446" = shufflevector <8 x i1> %".445", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".447" = and <8 x i1> %".443", %".446"
  %".448" = mul i64 %".440", 1
  %".449" = add i64 %".448", 0
  %".450" = mul i64 %".449", 6
  %".451" = add i64 %".450", 0
  %".452" = mul i64 %".440", 8
  %".453" = sub i64 %".451", %".452"
  %".454" = add i64 %".402", %".453"
  %".455" = mul i64 %".27", 4
  %".456" = add i64 %".455", 0
  %".457" = icmp slt i64 %".456", 4
  br i1 %".457", label %"store", label %"stored"
store:
  %".459" = mul i64 %".30", 4
  %".460" = mul i64 %".29", 4
  %".461" = add i64 %".460", %".456"
  %".462" = add i64 %".459", %".461"
  %".463" = mul i64 %".462", 36
  %".464" = getelementptr float, float* %".9", i64 %".463"
  %".465" = load <8 x float>, <8 x float>* %".12"
  %".466" = getelementptr float, float* %".464", i64 %".371"
  %".467" = bitcast float* %".466" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".465", <8 x float>* %".467", i32 4, <8 x i1> %".364")
  %".469" = getelementptr float, float* %".464", i64 %".386"
  %".470" = bitcast float* %".469" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".465", <8 x float>* %".470", i32 4, <8 x i1> %".379")
  %".472" = getelementptr float, float* %".464", i64 %".401"
  %".473" = bitcast float* %".472" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".465", <8 x float>* %".473", i32 4, <8 x i1> %".394")
  %".475" = load <8 x float>, <8 x float>* %".13"
  %".476" = getelementptr float, float* %".464", i64 %".424"
  %".477" = bitcast float* %".476" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".475", <8 x float>* %".477", i32 4, <8 x i1> %".417")
  %".479" = getelementptr float, float* %".464", i64 %".439"
  %".480" = bitcast float* %".479" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".475", <8 x float>* %".480", i32 4, <8 x i1> %".432")
  %".482" = getelementptr float, float* %".464", i64 %".454"
  %".483" = bitcast float* %".482" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".475", <8 x float>* %".483", i32 4, <8 x i1> %".447")
  br label %"stored"
stored:
  %".486" = mul i64 %".27", 4
  %".487" = add i64 %".486", 1
  %".488" = icmp slt i64 %".487", 4
  br i1 %".488", label %"store.1", label %"stored.1"
store.1:
  %".490" = mul i64 %".30", 4
  %".491" = mul i64 %".29", 4
  %".492" = add i64 %".491", %".487"
  %".493" = add i64 %".490", %".492"
  %".494" = mul i64 %".493", 36
  %".495" = getelementptr float, float* %".9", i64 %".494"
  %".496" = load <8 x float>, <8 x float>* %".14"
  %".497" = getelementptr float, float* %".495", i64 %".371"
  %".498" = bitcast float* %".497" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".496", <8 x float>* %".498", i32 4, <8 x i1> %".364")
  %".500" = getelementptr float, float* %".495", i64 %".386"
  %".501" = bitcast float* %".500" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".496", <8 x float>* %".501", i32 4, <8 x i1> %".379")
  %".503" = getelementptr float, float* %".495", i64 %".401"
  %".504" = bitcast float* %".503" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".496", <8 x float>* %".504", i32 4, <8 x i1> %".394")
  %".506" = load <8 x float>, <8 x float>* %".15"
  %".507" = getelementptr float, float* %".495", i64 %".424"
  %".508" = bitcast float* %".507" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".506", <8 x float>* %".508", i32 4, <8 x i1> %".417")
  %".510" = getelementptr float, float* %".495", i64 %".439"
  %".511" = bitcast float* %".510" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".506", <8 x float>* %".511", i32 4, <8 x i1> %".432")
  %".513" = getelementptr float, float* %".495", i64 %".454"
  %".514" = bitcast float* %".513" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".506", <8 x float>* %".514", i32 4, <8 x i1> %".447")
  br label %"stored.1"
stored.1:
  %".517" = mul i64 %".27", 4
  %".518" = add i64 %".517", 2
  %".519" = icmp slt i64 %".518", 4
  br i1 %".519", label %"store.2", label %"stored.2"
store.2:
  %".521" = mul i64 %".30", 4
  %".522" = mul i64 %".29", 4
  %".523" = add i64 %".522", %".518"
  %".524" = add i64 %".521", %".523"
  %".525" = mul i64 %".524", 36
  %".526" = getelementptr float, float* %".9", i64 %".525"
  %".527" = load <8 x float>, <8 x float>* %".16"
  %".528" = getelementptr float, float* %".526", i64 %".371"
  %".529" = bitcast float* %".528" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".527", <8 x float>* %".529", i32 4, <8 x i1> %".364")
  %".531" = getelementptr float, float* %".526", i64 %".386"
  %".532" = bitcast float* %".531" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".527", <8 x float>* %".532", i32 4, <8 x i1> %".379")
  %".534" = getelementptr float, float* %".526", i64 %".401"
  %".535" = bitcast float* %".534" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".527", <8 x float>* %".535", i32 4, <8 x i1> %".394")
  %".537" = load <8 x float>, <8 x float>* %".17"
  %".538" = getelementptr float, float* %".526", i64 %".424"
  %".539" = bitcast float* %".538" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".537", <8 x float>* %".539", i32 4, <8 x i1> %".417")
  %".541" = getelementptr float, float* %".526", i64 %".439"
  %".542" = bitcast float* %".541" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".537", <8 x float>* %".542", i32 4, <8 x i1> %".432")
  %".544" = getelementptr float, float* %".526", i64 %".454"
  %".545" = bitcast float* %".544" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".537", <8 x float>* %".545", i32 4, <8 x i1> %".447")
  br label %"stored.2"
stored.2:
  %".548" = mul i64 %".27", 4
  %".549" = add i64 %".548", 3
  %".550" = icmp slt i64 %".549", 4
  br i1 %".550", label %"store.3", label %"stored.3"
store.3:
  %".552" = mul i64 %".30", 4
  %".553" = mul i64 %".29", 4
  %".554" = add i64 %".553", %".549"
  %".555" = add i64 %".552", %".554"
  %".556" = mul i64 %".555", 36
  %".557" = getelementptr float, float* %".9", i64 %".556"
  %".558" = load <8 x float>, <8 x float>* %".18"
  %".559" = getelementptr float, float* %".557", i64 %".371"
  %".560" = bitcast float* %".559" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".558", <8 x float>* %".560", i32 4, <8 x i1> %".364")
  %".562" = getelementptr float, float* %".557", i64 %".386"
  %".563" = bitcast float* %".562" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".558", <8 x float>* %".563", i32 4, <8 x i1> %".379")
  %".565" = getelementptr float, float* %".557", i64 %".401"
  %".566" = bitcast float* %".565" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".558", <8 x float>* %".566", i32 4, <8 x i1> %".394")
  %".568" = load <8 x float>, <8 x float>* %".19"
  %".569" = getelementptr float, float* %".557", i64 %".424"
  %".570" = bitcast float* %".569" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".568", <8 x float>* %".570", i32 4, <8 x i1> %".417")
  %".572" = getelementptr float, float* %".557", i64 %".439"
  %".573" = bitcast float* %".572" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".568", <8 x float>* %".573", i32 4, <8 x i1> %".432")
  %".575" = getelementptr float, float* %".557", i64 %".454"
  %".576" = bitcast float* %".575" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".568", <8 x float>* %".576", i32 4, <8 x i1> %".447")
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
