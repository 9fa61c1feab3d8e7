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
  %".30" = alloca i64
  %".106" = alloca i64
  br label %"start"
start:
  %".20" = inttoptr i64 %".4" to i64*
  %".21" = icmp sgt i64 %".2", 1
  %".22" = select  i1 %".21", i64 %".2", i64 1
  br label %"item"
item:
  %".24" = atomicrmw add i64* %".20", i64 %".22" monotonic
  %".25" = icmp slt i64 %".24", %".3"
  br i1 %".25", label %"work", label %"done"
work:
  %".27" = add i64 %".24", %".22"
  %".28" = icmp slt i64 %".27", %".3"
  %".29" = select  i1 %".28", i64 %".27", i64 %".3"
  store i64 %".24", i64* %".30"
  br label %"head"
done:
  ret void
head:
  %".33" = load i64, i64* %".30"
  %".34" = icmp slt i64 %".33", %".29"
  br i1 %".34", label %"body", label %"done.1"
body:
  %".36" = srem i64 %".33", 3
  %".37" = sdiv i64 %".33", 3
  %".38" = srem i64 %".37", 1
  %".39" = sdiv i64 %".37", 1
  %".40" = srem i64 %".39", 1
  %".41" = sdiv i64 %".39", 1
  %".42" = mul i64 %".36", 2
  %".43" = add i64 %".42", 0
  %".44" = icmp slt i64 %".43", 6
  %".45" = select  i1 %".44", i64 %".43", i64 5
  %".46" = sdiv i64 %".45", 1
  %".47" = mul i64 %".46", 1
  %".48" = sub i64 %".45", %".47"
  %".49" = mul i64 %".48", 8
  %".50" = mul i64 %".46", 8
  %".51" = add i64 %".50", %".49"
  %".52" = sub i64 6, %".49"
  %".53" = trunc i64 %".52" to i32
  %".54" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".53", i64 0
  %".55" = shufflevector <8 x i32> %".54", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".56" = icmp slt <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %".55"
  %".57" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".44", i64 0
  %".58" = shufflevector <8 x i1> %".57", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".59" = and <8 x i1> %".56", %".58"
  %".60" = mul i64 %".46", 1
  %".61" = add i64 %".60", 0
  %".62" = mul i64 %".61", 6
  %".63" = mul i64 %".49", 1
  %".64" = add i64 %".63", 0
  %".65" = add i64 %".62", %".64"
  %".66" = add i64 %".42", 1
  %".67" = icmp slt i64 %".66", 6
  %".68" = select  i1 %".67", i64 %".66", i64 5
  %".69" = sdiv i64 %".68", 1
  %".70" = mul i64 %".69", 1
  %".71" = sub i64 %".68", %".70"
  %".72" = mul i64 %".71", 8
  %".73" = mul i64 %".69", 8
  %".74" = add i64 %".73", %".72"
  %".75" = sub i64 6, %".72"
  %".76" = trunc i64 %".75" to i32
  %".77" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".76", i64 0
  %".78" = shufflevector <8 x i32> %".77", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".79" = icmp slt <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %".78"
  %".80" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".67", i64 0
  %".81" = shufflevector <8 x i1> %".80", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".82" = and <8 x i1> %".79", %".81"
  %".83" = mul i64 %".69", 1
  %".84" = add i64 %".83", 0
  %".85" = mul i64 %".84", 6
  %".86" = mul i64 %".72", 1
  %".87" = add i64 %".86", 0
  %".88" = add i64 %".85", %".87"
  %".89" = mul i64 %".40", 3
  %".90" = mul i64 %".41", 408
  %".91" = mul i64 %".89", 136
  %".92" = add i64 %".90", %".91"
  %".93" = getelementptr float, float* %".5", i64 %".92"
  %".94" = mul i64 %".40", 1
  %".95" = add i64 %".94", %".38"
  %".96" = mul i64 %".95", 108
  %".97" = getelementptr float, float* %".7", i64 %".96"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".12"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".13"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".14"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".15"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".16"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".17"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".18"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".19"
  store i64 0, i64* %".106"
  br label %"head.1"
done.1:
  br label %"item"
head.1:
  %".109" = load i64, i64* %".106"
  %".110" = icmp slt i64 %".109", 3
  br i1 %".110", label %"body.1", label %"done.2"
body.1:
  %".112" = mul i64 %".109", 136
  %".113" = getelementptr float, float* %".93", i64 %".112"
  %".114" = getelementptr float, float* %".113", i64 %".51"
  %".115" = getelementptr float, float* %".113", i64 %".74"
  %".116" = mul i64 %".109", 36
  %".117" = getelementptr float, float* %".97", i64 %".116"
  %".118" = load <8 x float>, <8 x float>* %".12"
  %".119" = load <8 x float>, <8 x float>* %".13"
  %".120" = load <8 x float>, <8 x float>* %".14"
  %".121" = load <8 x float>, <8 x float>* %".15"
  %".122" = load <8 x float>, <8 x float>* %".16"
  %".123" = load <8 x float>, <8 x float>* %".17"
  %".124" = load <8 x float>, <8 x float>* %".18"
  %".125" = load <8 x float>, <8 x float>* %".19"
  %".126" = getelementptr float, float* %".114", i64 0
  %".127" = bitcast float* %".126" to <8 x float>*
  %".128" = load <8 x float>, <8 x float>* %".127", align 4
  %".129" = getelementptr float, float* %".115", i64 0
  %".130" = bitcast float* %".129" to <8 x float>*
  %".131" = load <8 x float>, <8 x float>* %".130", align 4
  %".132" = getelementptr float, float* %".117", i64 0
  %".133" = load float, float* %".132"
  %".134" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".133", i64 0
  %".135" = shufflevector <8 x float> %".134", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".136" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".135", <8 x float> %".128", <8 x float> %".118")
  %".137" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".135", <8 x float> %".131", <8 x float> %".119")
  %".138" = getelementptr float, float* %".117", i64 1
  %".139" = load float, float* %".138"
  %".140" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".139", i64 0
  %".141" = shufflevector <8 x float> %".140", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".142" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".141", <8 x float> %".128", <8 x float> %".120")
  %".143" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".141", <8 x float> %".131", <8 x float> %".121")
  %".144" = getelementptr float, float* %".117", i64 2
  %".145" = load float, float* %".144"
  %".146" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".145", i64 0
  %".147" = shufflevector <8 x float> %".146", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".148" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".147", <8 x float> %".128", <8 x float> %".122")
  %".149" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".147", <8 x float> %".131", <8 x float> %".123")
  %".150" = getelementptr float, float* %".117", i64 3
  %".151" = load float, float* %".150"
  %".152" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".151", i64 0
  %".153" = shufflevector <8 x float> %".152", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".154" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".153", <8 x float> %".128", <8 x float> %".124")
  %".155" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".153", <8 x float> %".131", <8 x float> %".125")
  %".156" = getelementptr float, float* %".114", i64 1
  %".157" = bitcast float* %".156" to <8 x float>*
  %".158" = load <8 x float>, <8 x float>* %".157", align 4
  %".159" = getelementptr float, float* %".115", i64 1
  %".160" = bitcast float* %".159" to <8 x float>*
  %".161" = load <8 x float>, <8 x float>* %".160", align 4
  %".162" = getelementptr float, float* %".117", i64 4
  %".163" = load float, float* %".162"
  %".164" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".163", i64 0
  %".165" = shufflevector <8 x float> %".164", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".166" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".165", <8 x float> %".158", <8 x float> %".136")
  %".167" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".165", <8 x float> %".161", <8 x float> %".137")
  %".168" = getelementptr float, float* %".117", i64 5
  %".169" = load float, float* %".168"
  %".170" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".169", i64 0
  %".171" = shufflevector <8 x float> %".170", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".172" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".171", <8 x float> %".158", <8 x float> %".142")
  %".173" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".171", <8 x float> %".161", <8 x float> %".143")
  %".174" = getelementptr float, float* %".117", i64 6
  %".175" = load float, float* %".174"
  %".176" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".175", i64 0
  %".177" = shufflevector <8 x float> %".176", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".178" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".177", <8 x float> %".158", <8 x float> %".148")
  %".179" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".177", <8 x float> %".161", <8 x float> %".149")
  %".180" = getelementptr float, float* %".117", i64 7
  %".181" = load float, float* %".180"
  %".182" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".181", i64 0
  %".183" = shufflevector <8 x float> %".182", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".184" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".183", <8 x float> %".158", <8 x float> %".154")
  %".185" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".183", <8 x float> %".161", <8 x float> %".155")
  %".186" = getelementptr float, float* %".114", i64 2
  %".187" = bitcast float* %".186" to <8 x float>*
  %".188" = load <8 x float>, <8 x float>* %".187", align 4
  %".189" = getelementptr float, float* %".115", i64 2
  %".190" = bitcast float* %".189" to <8 x float>*
  %".191" = load <8 x float>, <8 x float>* %".190", align 4
  %".192" = getelementptr float, float* %".117", i64 8
  %".193" = load float, float* %".192"
  %".194" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".193", i64 0
  %".195" = shufflevector <8 x float> %".194", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".196" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".195", <8 x float> %".188", <8 x float> %".166")
  %".197" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".195", <8 x float> %".191", <8 x float> %".167")
  %".198" = getelementptr float, float* %".117", i64 9
  %".199" = load float, float* %".198"
  %".200" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".199", i64 0
  %".201" = shufflevector <8 x float> %".200", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".202" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".201", <8 x float> %".188", <8 x float> %".172")
  %".203" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".201", <8 x float> %".191", <8 x float> %".173")
  %".204" = getelementptr float, float* %".117", i64 10
  %".205" = load float, float* %".204"
  %".206" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".205", i64 0
  %".207" = shufflevector <8 x float> %".206", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".208" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".207", <8 x float> %".188", <8 x float> %".178")
  %".209" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".207", <8 x float> %".191", <8 x float> %".179")
  %".210" = getelementptr float, float* %".117", i64 11
  %".211" = load float, float* %".210"
  %".212" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".211", i64 0
  %".213" = shufflevector <8 x float> %".212", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".214" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".213", <8 x float> %".188", <8 x float> %".184")
  %".215" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".213", <8 x float> %".191", <8 x float> %".185")
  %".216" = getelementptr float, float* %".114", i64 8
  %".217" = bitcast float* %".216" to <8 x float>*
  %".218" = load <8 x float>, <8 x float>* %".217", align 4
  %".219" = getelementptr float, float* %".115", i64 8
  %".220" = bitcast float* %".219" to <8 x float>*
  %".221" = load <8 x float>, <8 x float>* %".220", align 4
  %".222" = getelementptr float, float* %".117", i64 12
  %".223" = load float, float* %".222"
  %".224" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".223", i64 0
  %".225" = shufflevector <8 x float> %".224", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".226" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".225", <8 x float> %".218", <8 x float> %".196")
  %".227" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".225", <8 x float> %".221", <8 x float> %".197")
  %".228" = getelementptr float, float* %".117", i64 13
  %".229" = load float, float* %".228"
  %".230" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".229", i64 0
  %".231" = shufflevector <8 x float> %".230", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".232" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".231", <8 x float> %".218", <8 x float> %".202")
  %".233" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".231", <8 x float> %".221", <8 x float> %".203")
  %".234" = getelementptr float, float* %".117", i64 14
  %".235" = load float, float* %".234"
  %".236" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".235", i64 0
  %".237" = shufflevector <8 x float> %".236", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".238" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".237", <8 x float> %".218", <8 x float> %".208")
  %".239" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".237", <8 x float> %".221", <8 x float> %".209")
  %".240" = getelementptr float, float* %".117", i64 15
  %".241" = load float, float* %".240"
  %".242" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".241", i64 0
  %".243" = shufflevector <8 x float> %".242", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".244" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".243", <8 x float> %".218", <8 x float> %".214")
  %".245" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".243", <8 x float> %".221", <8 x float> %".215")
  %".246" = getelementptr float, float* %".114", i64 9
  %".247" = bitcast float* %".246" to <8 x float>*
  %".248" = load <8 x float>, <8 x float>* %".247", align 4
  %".249" = getelementptr float, float* %".115", i64 9
  %".250" = bitcast float* %".249" to <8 x float>*
  %".251" = load <8 x float>, <8 x float>* %".250", align 4
  %".252" = getelementptr float, float* %".117", i64 16
  %".253" = load float, float* %".252"
  %".254" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".253", i64 0
  %".255" = shufflevector <8 x float> %".254", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".256" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".255", <8 x float> %".248", <8 x float> %".226")
  %".257" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".255", <8 x float> %".251", <8 x float> %".227")
  %".258" = getelementptr float, float* %".117", i64 17
  %".259" = load float, float* %".258"
  %".260" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".259", i64 0
  %".261" = shufflevector <8 x float> %".260", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".262" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".261", <8 x float> %".248", <8 x float> %".232")
  %".263" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".261", <8 x float> %".251", <8 x float> %".233")
  %".264" = getelementptr float, float* %".117", i64 18
  %".265" = load float, float* %".264"
  %".266" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".265", i64 0
  %".267" = shufflevector <8 x float> %".266", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".268" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".267", <8 x float> %".248", <8 x float> %".238")
  %".269" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".267", <8 x float> %".251", <8 x float> %".239")
  %".270" = getelementptr float, float* %".117", i64 19
  %".271" = load float, float* %".270"
  %".272" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".271", i64 0
  %".273" = shufflevector <8 x float> %".272", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".274" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".273", <8 x float> %".248", <8 x float> %".244")
  %".275" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".273", <8 x float> %".251", <8 x float> %".245")
  %".276" = getelementptr float, float* %".114", i64 10
  %".277" = bitcast float* %".276" to <8 x float>*
  %".278" = load <8 x float>, <8 x float>* %".277", align 4
  %".279" = getelementptr float, float* %".115", i64 10
  %".280" = bitcast float* %".279" to <8 x float>*
  %".281" = load <8 x float>, <8 x float>* %".280", align 4
  %".282" = getelementptr float, float* %".117", i64 20
  %".283" = load float, float* %".282"
  %".284" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".283", i64 0
  %".285" = shufflevector <8 x float> %".284", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".286" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".285", <8 x float> %".278", <8 x float> %".256")
  %".287" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".285", <8 x float> %".281", <8 x float> %".257")
  %".288" = getelementptr float, float* %".117", i64 21
  %".289" = load float, float* %".288"
  %".290" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".289", i64 0
  %".291" = shufflevector <8 x float> %".290", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".292" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".291", <8 x float> %".278", <8 x float> %".262")
  %".293" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".291", <8 x float> %".281", <8 x float> %".263")
  %".294" = getelementptr float, float* %".117", i64 22
  %".295" = load float, float* %".294"
  %".296" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".295", i64 0
  %".297" = shufflevector <8 x float> %".296", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".298" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".297", <8 x float> %".278", <8 x float> %".268")
  %".299" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".297", <8 x float> %".281", <8 x float> %".269")
  %".300" = getelementptr float, float* %".117", i64 23
  %".301" = load float, float* %".300"
  %".302" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".301", i64 0
  %".303" = shufflevector <8 x float> %".302", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".304" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".303", <8 x float> %".278", <8 x float> %".274")
  %".305" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".303", <8 x float> %".281", <8 x float> %".275")
  %".306" = getelementptr float, float* %".114", i64 16
  %".307" = bitcast float* %".306" to <8 x float>*
  %".308" = load <8 x float>, <8 x float>* %".307", align 4
  %".309" = getelementptr float, float* %".115", i64 16
  %".310" = bitcast float* %".309" to <8 x float>*
  %".311" = load <8 x float>, <8 x float>* %".310", align 4
  %".312" = getelementptr float, float* %".117", i64 24
  %".313" = load float, float* %".312"
  %".314" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".313", i64 0
  %".315" = shufflevector <8 x float> %".314", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".316" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".315", <8 x float> %".308", <8 x float> %".286")
  %".317" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".315", <8 x float> %".311", <8 x float> %".287")
  %".318" = getelementptr float, float* %".117", i64 25
  %".319" = load float, float* %".318"
  %".320" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".319", i64 0
  %".321" = shufflevector <8 x float> %".320", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".322" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".321", <8 x float> %".308", <8 x float> %".292")
  %".323" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".321", <8 x float> %".311", <8 x float> %".293")
  %".324" = getelementptr float, float* %".117", i64 26
  %".325" = load float, float* %".324"
  %".326" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".325", i64 0
  %".327" = shufflevector <8 x float> %".326", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".328" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".327", <8 x float> %".308", <8 x float> %".298")
  %".329" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".327", <8 x float> %".311", <8 x float> %".299")
  %".330" = getelementptr float, float* %".117", i64 27
  %".331" = load float, float* %".330"
  %".332" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".331", i64 0
  %".333" = shufflevector <8 x float> %".332", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".334" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".333", <8 x float> %".308", <8 x float> %".304")
  %".335" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".333", <8 x float> %".311", <8 x float> %".305")
  %".336" = getelementptr float, float* %".114", i64 17
  %".337" = bitcast float* %".336" to <8 x float>*
  %".338" = load <8 x float>, <8 x float>* %".337", align 4
  %".339" = getelementptr float, float* %".115", i64 17
  %".340" = bitcast float* %".339" to <8 x float>*
  %".341" = load <8 x float>, <8 x float>* %".340", align 4
  %".342" = getelementptr float, float* %".117", i64 28
  %".343" = load float, float* %".342"
  %".344" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".343", i64 0
  %".345" = shufflevector <8 x float> %".344", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".346" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".345", <8 x float> %".338", <8 x float> %".316")
  %".347" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".345", <8 x float> %".341", <8 x float> %".317")
  %".348" = getelementptr float, float* %".117", i64 29
  %".349" = load float, float* %".348"
  %".350" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".349", i64 0
  %".351" = shufflevector <8 x float> %".350", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".352" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".351", <8 x float> %".338", <8 x float> %".322")
  %".353" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".351", <8 x float> %".341", <8 x float> %".323")
  %".354" = getelementptr float, float* %".117", i64 30
  %".355" = load float, float* %".354"
  %".356" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".355", i64 0
  %".357" = shufflevector <8 x float> %".356", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".358" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".357", <8 x float> %".338", <8 x float> %".328")
  %".359" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".357", <8 x float> %".341", <8 x float> %".329")
  %".360" = getelementptr float, float* %".117", i64 31
  %".361" = load float, float* %".360"
  %".362" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".361", i64 0
  %".363" = shufflevector <8 x float> %".362", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".364" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".363", <8 x float> %".338", <8 x float> %".334")
  %".365" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".363", <8 x float> %".341", <8 x float> %".335")
  %".366" = getelementptr float, float* %".114", i64 18
  %".367" = bitcast float* %".366" to <8 x float>*
  %".368" = load <8 x float>, <8 x float>* %".367", align 4
  %".369" = getelementptr float, float* %".115", i64 18
  %".370" = bitcast float* %".369" to <8 x float>*
  %".371" = load <8 x float>, <8 x float>* %".370", align 4
  %".372" = getelementptr float, float* %".117", i64 32
  %".373" = load float, float* %".372"
  %".374" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".373", i64 0
  %".375" = shufflevector <8 x float> %".374", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".376" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".375", <8 x float> %".368", <8 x float> %".346")
  %".377" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".375", <8 x float> %".371", <8 x float> %".347")
  %".378" = getelementptr float, float* %".117", i64 33
  %".379" = load float, float* %".378"
  %".380" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".379", i64 0
  %".381" = shufflevector <8 x float> %".380", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".382" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".381", <8 x float> %".368", <8 x float> %".352")
  %".383" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".381", <8 x float> %".371", <8 x float> %".353")
  %".384" = getelementptr float, float* %".117", i64 34
  %".385" = load float, float* %".384"
  %".386" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".385", i64 0
  %".387" = shufflevector <8 x float> %".386", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".388" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".387", <8 x float> %".368", <8 x float> %".358")
  %".389" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".387", <8 x float> %".371", <8 x float> %".359")
  %".390" = getelementptr float, float* %".117", i64 35
  %".391" = load float, float* %".390"
  %".392" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".391", i64 0
  %".393" = shufflevector <8 x float> %".392", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".394" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".393", <8 x float> %".368", <8 x float> %".364")
  %".395" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".393", <8 x float> %".371", <8 x float> %".365")
  store <8 x float> %".376", <8 x float>* %".12"
  store <8 x float> %".377", <8 x float>* %".13"
  store <8 x float> %".382", <8 x float>* %".14"
  store <8 x float> %".383", <8 x float>* %".15"
  store <8 x float> %".388", <8 x float>* %".16"
  store <8 x float> %".389", <8 x float>* %".17"
  store <8 x float> %".394", <8 x float>* %".18"
  store <8 x float> %".395", <8 x float>* %".19"
  %".404" = add nsw i64 %".109", 1
  store i64 %".404", i64* %".106"
  br label %"head.1"
done.2:
  %".407" = mul i64 %".38", 4
  %".408" = add i64 %".407", 0
  %".409" = icmp slt i64 %".408", 4
  br i1 %".409", label %"store", label %"stored"
store:
  %".411" = mul i64 %".41", 4
  %".412" = mul i64 %".40", 4
  %".413" = add i64 %".412", %".408"
  %".414" = add i64 %".411", %".413"
  %".415" = mul i64 %".414", 36
  %".416" = getelementptr float, float* %".9", i64 %".415"
  %".417" = load <8 x float>, <8 x float>* %".12"
  %".418" = getelementptr float, float* %".416", i64 %".65"
  %".419" = bitcast float* %".418" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".417", <8 x float>* %".419", i32 4, <8 x i1> %".59")
  %".421" = load <8 x float>, <8 x float>* %".13"
  %".422" = getelementptr float, float* %".416", i64 %".88"
  %".423" = bitcast float* %".422" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".421", <8 x float>* %".423", i32 4, <8 x i1> %".82")
  br label %"stored"
stored:
  %".426" = mul i64 %".38", 4
  %".427" = add i64 %".426", 1
  %".428" = icmp slt i64 %".427", 4
  br i1 %".428", label %"store.1", label %"stored.1"
store.1:
  %".430" = mul i64 %".41", 4
  %".431" = mul i64 %".40", 4
  %".432" = add i64 %".431", %".427"
  %".433" = add i64 %".430", %".432"
  %".434" = mul i64 %".433", 36
  %".435" = getelementptr float, float* %".9", i64 %".434"
  %".436" = load <8 x float>, <8 x float>* %".14"
  %".437" = getelementptr float, float* %".435", i64 %".65"
  %".438" = bitcast float* %".437" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".436", <8 x float>* %".438", i32 4, <8 x i1> %".59")
  %".440" = load <8 x float>, <8 x float>* %".15"
  %".441" = getelementptr float, float* %".435", i64 %".88"
  %".442" = bitcast float* %".441" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".440", <8 x float>* %".442", i32 4, <8 x i1> %".82")
  br label %"stored.1"
stored.1:
  %".445" = mul i64 %".38", 4
  %".446" = add i64 %".445", 2
  %".447" = icmp slt i64 %".446", 4
  br i1 %".447", label %"store.2", label %"stored.2"
store.2:
  %".449" = mul i64 %".41", 4
  %".450" = mul i64 %".40", 4
  %".451" = add i64 %".450", %".446"
  %".452" = add i64 %".449", %".451"
  %".453" = mul i64 %".452", 36
  %".454" = getelementptr float, float* %".9", i64 %".453"
  %".455" = load <8 x float>, <8 x float>* %".16"
  %".456" = getelementptr float, float* %".454", i64 %".65"
  %".457" = bitcast float* %".456" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".455", <8 x float>* %".457", i32 4, <8 x i1> %".59")
  %".459" = load <8 x float>, <8 x float>* %".17"
  %".460" = getelementptr float, float* %".454", i64 %".88"
  %".461" = bitcast float* %".460" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".459", <8 x float>* %".461", i32 4, <8 x i1> %".82")
  br label %"stored.2"
stored.2:
  %".464" = mul i64 %".38", 4
  %".465" = add i64 %".464", 3
  %".466" = icmp slt i64 %".465", 4
  br i1 %".466", label %"store.3", label %"stored.3"
store.3:
  %".468" = mul i64 %".41", 4
  %".469" = mul i64 %".40", 4
  %".470" = add i64 %".469", %".465"
  %".471" = add i64 %".468", %".470"
  %".472" = mul i64 %".471", 36
  %".473" = getelementptr float, float* %".9", i64 %".472"
  %".474" = load <8 x float>, <8 x float>* %".18"
  %".475" = getelementptr float, float* %".473", i64 %".65"
  %".476" = bitcast float* %".475" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".474", <8 x float>* %".476", i32 4, <8 x i1> %".59")
  %".478" = load <8 x float>, <8 x float>* %".19"
  %".479" = getelementptr float, float* %".473", i64 %".88"
  %".480" = bitcast float* %".479" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".478", <8 x float>* %".480", i32 4, <8 x i1> %".82")
  br label %"stored.3"
stored.3:
  %".483" = add nsw i64 %".33", 1
  store i64 %".483", i64* %".30"
  br label %"head"
}

declare <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1", <8 x float> %".2", <8 x float> %".3")

declare void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1", <8 x float>* %".2", i32 %".3", <8 x i1> %".4")

declare float @"llvm.vector.reduce.fadd.v8f32"(float %".1", <8 x float> %".2")

declare i8* @"tj_save_thread"()

declare void @"tj_restore_thread"(i8* %".1")

@"tj_none" = external global i8
