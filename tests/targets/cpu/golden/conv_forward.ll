; ModuleID = "golden_conv"
target triple = "unknown-unknown-unknown"
target datalayout = ""

define i8* @"golden_conv"(i8* %".1", i8** %".2", i64 %".3")
{
check:
  %".7" = icmp eq i64 %".3", 8
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
  %".77" = call i1 @"tj_arg_ok"(i8* %".76", i32 1, i32 11, i32 11, i32 1281)
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
  %".90" = call i1 @"tj_arg_ok"(i8* %".89", i32 1, i32 11, i32 11, i32 257)
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
  %".101" = getelementptr i8*, i8** %".2", i64 7
  %".102" = load i8*, i8** %".101"
  %".103" = call i1 @"tj_arg_ok"(i8* %".102", i32 1, i32 11, i32 11, i32 1281)
  br i1 %".103", label %"ok.8", label %"bad"
ok.8:
  %".105" = getelementptr i8, i8* %".102", i64 16
  %".106" = bitcast i8* %".105" to i8**
  %".107" = load i8*, i8** %".106"
  %".108" = bitcast i8* %".107" to float*
  %".109" = getelementptr i8, i8* %".102", i64 32
  %".110" = bitcast i8* %".109" to i64**
  %".111" = load i64*, i64** %".110"
  %".112" = getelementptr i64, i64* %".111", i64 0
  %".113" = load i64, i64* %".112"
  %".114" = call i8* @"tj_save_thread"()
  call void @"golden_conv_body"(i64 %".17", i64 %".30", i64 %".43", i64 %".56", float* %".69", i64 %".74", float* %".82", i64 %".87", float* %".95", i64 %".100", float* %".108", i64 %".113")
  call void @"tj_restore_thread"(i8* %".114")
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
define internal void @"golden_conv_body"(i64 %".1", i64 %".2", i64 %".3", i64 %".4", float* noalias %".5", i64 %".6", float* noalias %".7", i64 %".8", float* noalias %".9", i64 %".10", float* noalias %".11", i64 %".12") noinline
{
entry:
  %".14" = alloca <8 x float>
  %".15" = alloca <8 x float>
  %".16" = alloca <8 x float>
  %".17" = alloca <8 x float>
  %".18" = alloca <8 x float>
  %".19" = alloca <8 x float>
  %".20" = alloca <8 x float>
  %".21" = alloca <8 x float>
  %".32" = alloca i64
  %".46" = alloca i64
  %".65" = alloca i64
  %".99" = alloca i64
  %".107" = alloca i64
  %".175" = alloca i64
  br label %"start"
start:
  %".22" = inttoptr i64 %".4" to i64*
  %".23" = icmp sgt i64 %".2", 1
  %".24" = select  i1 %".23", i64 %".2", i64 1
  br label %"item"
item:
  %".26" = atomicrmw add i64* %".22", i64 %".24" monotonic
  %".27" = icmp slt i64 %".26", %".3"
  br i1 %".27", label %"work", label %"done"
work:
  %".29" = add i64 %".26", %".24"
  %".30" = icmp slt i64 %".29", %".3"
  %".31" = select  i1 %".30", i64 %".29", i64 %".3"
  store i64 %".26", i64* %".32"
  br label %"head"
done:
  ret void
head:
  %".35" = load i64, i64* %".32"
  %".36" = icmp slt i64 %".35", %".31"
  br i1 %".36", label %"body", label %"done.1"
body:
  %".38" = sdiv i64 %".3", %".1"
  %".39" = sdiv i64 %".35", %".38"
  %".40" = srem i64 %".35", %".38"
  %".41" = sub i64 %".38", 1
  %".42" = add i64 1, %".41"
  %".43" = sdiv i64 %".42", %".38"
  %".44" = mul i64 %".35", 408
  %".45" = getelementptr float, float* %".7", i64 %".44"
  store i64 0, i64* %".46"
  br label %"head.1"
done.1:
  br label %"item"
head.1:
  %".49" = load i64, i64* %".46"
  %".50" = icmp slt i64 %".49", 3
  br i1 %".50", label %"body.1", label %"done.2"
body.1:
  %".52" = mul i64 %".39", 3
  %".53" = add i64 %".52", %".49"
  %".54" = mul i64 %".53", 36
  %".55" = getelementptr float, float* %".5", i64 %".54"
  %".56" = mul i64 %".49", 136
  %".57" = getelementptr float, float* %".45", i64 %".56"
  %".58" = getelementptr float, float* %".57", i64 0
  %".59" = getelementptr float, float* %".58", i64 0
  %".60" = bitcast float* %".59" to i8*
  call void @"llvm.memset.p0.i64"(i8* %".60", i8 0, i64 32, i1 0)
  %".62" = getelementptr float, float* %".58", i64 56
  %".63" = bitcast float* %".62" to i8*
  call void @"llvm.memset.p0.i64"(i8* %".63", i8 0, i64 320, i1 0)
  store i64 0, i64* %".65"
  br label %"head.2"
done.2:
  %".95" = mul i64 %".40", %".43"
  %".96" = add i64 %".95", %".43"
  %".97" = icmp slt i64 %".96", 1
  %".98" = select  i1 %".97", i64 %".96", i64 1
  store i64 %".95", i64* %".99"
  br label %"head.3"
head.2:
  %".68" = load i64, i64* %".65"
  %".69" = icmp slt i64 %".68", 6
  br i1 %".69", label %"body.2", label %"done.3"
body.2:
  %".71" = mul i64 %".68", 1
  %".72" = add i64 %".71", 0
  %".73" = mul i64 %".72", 6
  %".74" = add i64 %".73", 0
  %".75" = getelementptr float, float* %".55", i64 %".74"
  %".76" = add i64 %".68", 1
  %".77" = mul i64 %".76", 8
  %".78" = getelementptr float, float* %".58", i64 %".77"
  %".79" = getelementptr float, float* %".78", i64 0
  %".80" = bitcast float* %".79" to i8*
  call void @"llvm.memset.p0.i64"(i8* %".80", i8 0, i64 4, i1 0)
  %".82" = getelementptr float, float* %".78", i64 7
  %".83" = bitcast float* %".82" to i8*
  call void @"llvm.memset.p0.i64"(i8* %".83", i8 0, i64 4, i1 0)
  %".85" = getelementptr float, float* %".78", i64 1
  %".86" = bitcast float* %".85" to i8*
  %".87" = bitcast float* %".75" to i8*
  call void @"llvm.memcpy.p0.p0.i64"(i8* %".86", i8* %".87", i64 24, i1 0)
  %".89" = add nsw i64 %".68", 1
  store i64 %".89", i64* %".65"
  br label %"head.2"
done.3:
  %".92" = add nsw i64 %".49", 1
  store i64 %".92", i64* %".46"
  br label %"head.1"
head.3:
  %".102" = load i64, i64* %".99"
  %".103" = icmp slt i64 %".102", %".98"
  br i1 %".103", label %"body.3", label %"done.4"
body.3:
  %".105" = sdiv i64 %".102", 1
  %".106" = srem i64 %".102", 1
  store i64 0, i64* %".107"
  br label %"head.4"
done.4:
  %".558" = add nsw i64 %".35", 1
  store i64 %".558", i64* %".32"
  br label %"head"
head.4:
  %".110" = load i64, i64* %".107"
  %".111" = icmp slt i64 %".110", 3
  br i1 %".111", label %"body.4", label %"done.5"
body.4:
  %".113" = mul i64 %".110", 2
  %".114" = add i64 %".113", 0
  %".115" = icmp slt i64 %".114", 6
  %".116" = select  i1 %".115", i64 %".114", i64 5
  %".117" = sdiv i64 %".116", 1
  %".118" = mul i64 %".117", 1
  %".119" = sub i64 %".116", %".118"
  %".120" = mul i64 %".119", 8
  %".121" = mul i64 %".117", 8
  %".122" = add i64 %".121", %".120"
  %".123" = sub i64 6, %".120"
  %".124" = trunc i64 %".123" to i32
  %".125" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".124", i64 0
  %".126" = shufflevector <8 x i32> %".125", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".127" = icmp slt <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %".126"
  %".128" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".115", i64 0
  %".129" = shufflevector <8 x i1> %".128", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".130" = and <8 x i1> %".127", %".129"
  %".131" = mul i64 %".117", 1
  %".132" = add i64 %".131", 0
  %".133" = mul i64 %".132", 6
  %".134" = mul i64 %".120", 1
  %".135" = add i64 %".134", 0
  %".136" = add i64 %".133", %".135"
  %".137" = add i64 %".113", 1
  %".138" = icmp slt i64 %".137", 6
  %".139" = select  i1 %".138", i64 %".137", i64 5
  %".140" = sdiv i64 %".139", 1
  %".141" = mul i64 %".140", 1
  %".142" = sub i64 %".139", %".141"
  %".143" = mul i64 %".142", 8
  %".144" = mul i64 %".140", 8
  %".145" = add i64 %".144", %".143"
  %".146" = sub i64 6, %".143"
  %".147" = trunc i64 %".146" to i32
  %".148" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".147", i64 0
  %".149" = shufflevector <8 x i32> %".148", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".150" = icmp slt <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %".149"
  %".151" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".138", i64 0
  %".152" = shufflevector <8 x i1> %".151", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".153" = and <8 x i1> %".150", %".152"
  %".154" = mul i64 %".140", 1
  %".155" = add i64 %".154", 0
  %".156" = mul i64 %".155", 6
  %".157" = mul i64 %".143", 1
  %".158" = add i64 %".157", 0
  %".159" = add i64 %".156", %".158"
  %".160" = mul i64 %".105", 3
  %".161" = mul i64 %".160", 136
  %".162" = getelementptr float, float* %".45", i64 %".161"
  %".163" = mul i64 %".105", 1
  %".164" = add i64 %".163", %".106"
  %".165" = mul i64 %".164", 108
  %".166" = getelementptr float, float* %".9", i64 %".165"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".14"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".15"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".16"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".17"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".18"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".19"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".20"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".21"
  store i64 0, i64* %".175"
  br label %"head.5"
done.5:
  %".555" = add nsw i64 %".102", 1
  store i64 %".555", i64* %".99"
  br label %"head.3"
head.5:
  %".178" = load i64, i64* %".175"
  %".179" = icmp slt i64 %".178", 3
  br i1 %".179", label %"body.5", label %"done.6"
body.5:
  %".181" = mul i64 %".178", 136
  %".182" = getelementptr float, float* %".162", i64 %".181"
  %".183" = getelementptr float, float* %".182", i64 %".122"
  %".184" = getelementptr float, float* %".182", i64 %".145"
  %".185" = mul i64 %".178", 36
  %".186" = getelementptr float, float* %".166", i64 %".185"
  %".187" = load <8 x float>, <8 x float>* %".14"
  %".188" = load <8 x float>, <8 x float>* %".15"
  %".189" = load <8 x float>, <8 x float>* %".16"
  %".190" = load <8 x float>, <8 x float>* %".17"
  %".191" = load <8 x float>, <8 x float>* %".18"
  %".192" = load <8 x float>, <8 x float>* %".19"
  %".193" = load <8 x float>, <8 x float>* %".20"
  %".194" = load <8 x float>, <8 x float>* %".21"
  %".195" = getelementptr float, float* %".183", i64 0
  %".196" = bitcast float* %".195" to <8 x float>*
  %".197" = load <8 x float>, <8 x float>* %".196", align 4
  %".198" = getelementptr float, float* %".184", i64 0
  %".199" = bitcast float* %".198" to <8 x float>*
  %".200" = load <8 x float>, <8 x float>* %".199", align 4
  %".201" = getelementptr float, float* %".186", i64 0
  %".202" = load float, float* %".201"
  %".203" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".202", i64 0
  %".204" = shufflevector <8 x float> %".203", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".205" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".204", <8 x float> %".197", <8 x float> %".187")
  %".206" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".204", <8 x float> %".200", <8 x float> %".188")
  %".207" = getelementptr float, float* %".186", i64 1
  %".208" = load float, float* %".207"
  %".209" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".208", i64 0
  %".210" = shufflevector <8 x float> %".209", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".211" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".210", <8 x float> %".197", <8 x float> %".189")
  %".212" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".210", <8 x float> %".200", <8 x float> %".190")
  %".213" = getelementptr float, float* %".186", i64 2
  %".214" = load float, float* %".213"
  %".215" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".214", i64 0
  %".216" = shufflevector <8 x float> %".215", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".217" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".216", <8 x float> %".197", <8 x float> %".191")
  %".218" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".216", <8 x float> %".200", <8 x float> %".192")
  %".219" = getelementptr float, float* %".186", i64 3
  %".220" = load float, float* %".219"
  %".221" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".220", i64 0
  %".222" = shufflevector <8 x float> %".221", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".223" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".222", <8 x float> %".197", <8 x float> %".193")
  %".224" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".222", <8 x float> %".200", <8 x float> %".194")
  %".225" = getelementptr float, float* %".183", i64 1
  %".226" = bitcast float* %".225" to <8 x float>*
  %".227" = load <8 x float>, <8 x float>* %".226", align 4
  %".228" = getelementptr float, float* %".184", i64 1
  %".229" = bitcast float* %".228" to <8 x float>*
  %".230" = load <8 x float>, <8 x float>* %".229", align 4
  %".231" = getelementptr float, float* %".186", i64 4
  %".232" = load float, float* %".231"
  %".233" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".232", i64 0
  %".234" = shufflevector <8 x float> %".233", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".235" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".234", <8 x float> %".227", <8 x float> %".205")
  %".236" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".234", <8 x float> %".230", <8 x float> %".206")
  %".237" = getelementptr float, float* %".186", i64 5
  %".238" = load float, float* %".237"
  %".239" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".238", i64 0
  %".240" = shufflevector <8 x float> %".239", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".241" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".240", <8 x float> %".227", <8 x float> %".211")
  %".242" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".240", <8 x float> %".230", <8 x float> %".212")
  %".243" = getelementptr float, float* %".186", i64 6
  %".244" = load float, float* %".243"
  %".245" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".244", i64 0
  %".246" = shufflevector <8 x float> %".245", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".247" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".246", <8 x float> %".227", <8 x float> %".217")
  %".248" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".246", <8 x float> %".230", <8 x float> %".218")
  %".249" = getelementptr float, float* %".186", i64 7
  %".250" = load float, float* %".249"
  %".251" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".250", i64 0
  %".252" = shufflevector <8 x float> %".251", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".253" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".252", <8 x float> %".227", <8 x float> %".223")
  %".254" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".252", <8 x float> %".230", <8 x float> %".224")
  %".255" = getelementptr float, float* %".183", i64 2
  %".256" = bitcast float* %".255" to <8 x float>*
  %".257" = load <8 x float>, <8 x float>* %".256", align 4
  %".258" = getelementptr float, float* %".184", i64 2
  %".259" = bitcast float* %".258" to <8 x float>*
  %".260" = load <8 x float>, <8 x float>* %".259", align 4
  %".261" = getelementptr float, float* %".186", i64 8
  %".262" = load float, float* %".261"
  %".263" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".262", i64 0
  %".264" = shufflevector <8 x float> %".263", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".265" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".264", <8 x float> %".257", <8 x float> %".235")
  %".266" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".264", <8 x float> %".260", <8 x float> %".236")
  %".267" = getelementptr float, float* %".186", i64 9
  %".268" = load float, float* %".267"
  %".269" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".268", i64 0
  %".270" = shufflevector <8 x float> %".269", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".271" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".270", <8 x float> %".257", <8 x float> %".241")
  %".272" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".270", <8 x float> %".260", <8 x float> %".242")
  %".273" = getelementptr float, float* %".186", i64 10
  %".274" = load float, float* %".273"
  %".275" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".274", i64 0
  %".276" = shufflevector <8 x float> %".275", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".277" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".276", <8 x float> %".257", <8 x float> %".247")
  %".278" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".276", <8 x float> %".260", <8 x float> %".248")
  %".279" = getelementptr float, float* %".186", i64 11
  %".280" = load float, float* %".279"
  %".281" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".280", i64 0
  %".282" = shufflevector <8 x float> %".281", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".283" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".282", <8 x float> %".257", <8 x float> %".253")
  %".284" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".282", <8 x float> %".260", <8 x float> %".254")
  %".285" = getelementptr float, float* %".183", i64 8
  %".286" = bitcast float* %".285" to <8 x float>*
  %".287" = load <8 x float>, <8 x float>* %".286", align 4
  %".288" = getelementptr float, float* %".184", i64 8
  %".289" = bitcast float* %".288" to <8 x float>*
  %".290" = load <8 x float>, <8 x float>* %".289", align 4
  %".291" = getelementptr float, float* %".186", i64 12
  %".292" = load float, float* %".291"
  %".293" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".292", i64 0
  %".294" = shufflevector <8 x float> %".293", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".295" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".294", <8 x float> %".287", <8 x float> %".265")
  %".296" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".294", <8 x float> %".290", <8 x float> %".266")
  %".297" = getelementptr float, float* %".186", i64 13
  %".298" = load float, float* %".297"
  %".299" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".298", i64 0
  %".300" = shufflevector <8 x float> %".299", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".301" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".300", <8 x float> %".287", <8 x float> %".271")
  %".302" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".300", <8 x float> %".290", <8 x float> %".272")
  %".303" = getelementptr float, float* %".186", i64 14
  %".304" = load float, float* %".303"
  %".305" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".304", i64 0
  %".306" = shufflevector <8 x float> %".305", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".307" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".306", <8 x float> %".287", <8 x float> %".277")
  %".308" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".306", <8 x float> %".290", <8 x float> %".278")
  %".309" = getelementptr float, float* %".186", i64 15
  %".310" = load float, float* %".309"
  %".311" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".310", i64 0
  %".312" = shufflevector <8 x float> %".311", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".313" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".312", <8 x float> %".287", <8 x float> %".283")
  %".314" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".312", <8 x float> %".290", <8 x float> %".284")
  %".315" = getelementptr float, float* %".183", i64 9
  %".316" = bitcast float* %".315" to <8 x float>*
  %".317" = load <8 x float>, <8 x float>* %".316", align 4
  %".318" = getelementptr float, float* %".184", i64 9
  %".319" = bitcast float* %".318" to <8 x float>*
  %".320" = load <8 x float>, <8 x float>* %".319", align 4
  %".321" = getelementptr float, float* %".186", i64 16
  %".322" = load float, float* %".321"
  %".323" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".322", i64 0
  %".324" = shufflevector <8 x float> %".323", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".325" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".324", <8 x float> %".317", <8 x float> %".295")
  %".326" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".324", <8 x float> %".320", <8 x float> %".296")
  %".327" = getelementptr float, float* %".186", i64 17
  %".328" = load float, float* %".327"
  %".329" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".328", i64 0
  %".330" = shufflevector <8 x float> %".329", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".331" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".330", <8 x float> %".317", <8 x float> %".301")
  %".332" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".330", <8 x float> %".320", <8 x float> %".302")
  %".333" = getelementptr float, float* %".186", i64 18
  %".334" = load float, float* %".333"
  %".335" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".334", i64 0
  %".336" = shufflevector <8 x float> %".335", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".337" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".336", <8 x float> %".317", <8 x float> %".307")
  %".338" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".336", <8 x float> %".320", <8 x float> %".308")
  %".339" = getelementptr float, float* %".186", i64 19
  %".340" = load float, float* %".339"
  %".341" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".340", i64 0
  %".342" = shufflevector <8 x float> %".341", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".343" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".342", <8 x float> %".317", <8 x float> %".313")
  %".344" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".342", <8 x float> %".320", <8 x float> %".314")
  %".345" = getelementptr float, float* %".183", i64 10
  %".346" = bitcast float* %".345" to <8 x float>*
  %".347" = load <8 x float>, <8 x float>* %".346", align 4
  %".348" = getelementptr float, float* %".184", i64 10
  %".349" = bitcast float* %".348" to <8 x float>*
  %".350" = load <8 x float>, <8 x float>* %".349", align 4
  %".351" = getelementptr float, float* %".186", i64 20
  %".352" = load float, float* %".351"
  %".353" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".352", i64 0
  %".354" = shufflevector <8 x float> %".353", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".355" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".354", <8 x float> %".347", <8 x float> %".325")
  %".356" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".354", <8 x float> %".350", <8 x float> %".326")
  %".357" = getelementptr float, float* %".186", i64 21
  %".358" = load float, float* %".357"
  %".359" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".358", i64 0
  %".360" = shufflevector <8 x float> %".359", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".361" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".360", <8 x float> %".347", <8 x float> %".331")
  %".362" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".360", <8 x float> %".350", <8 x float> %".332")
  %".363" = getelementptr float, float* %".186", i64 22
  %".364" = load float, float* %".363"
  %".365" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".364", i64 0
  %".366" = shufflevector <8 x float> %".365", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".367" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".366", <8 x float> %".347", <8 x float> %".337")
  %".368" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".366", <8 x float> %".350", <8 x float> %".338")
  %".369" = getelementptr float, float* %".186", i64 23
  %".370" = load float, float* %".369"
  %".371" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".370", i64 0
  %".372" = shufflevector <8 x float> %".371", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".373" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".372", <8 x float> %".347", <8 x float> %".343")
  %".374" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".372", <8 x float> %".350", <8 x float> %".344")
  %".375" = getelementptr float, float* %".183", i64 16
  %".376" = bitcast float* %".375" to <8 x float>*
  %".377" = load <8 x float>, <8 x float>* %".376", align 4
  %".378" = getelementptr float, float* %".184", i64 16
  %".379" = bitcast float* %".378" to <8 x float>*
  %".380" = load <8 x float>, <8 x float>* %".379", align 4
  %".381" = getelementptr float, float* %".186", i64 24
  %".382" = load float, float* %".381"
  %".383" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".382", i64 0
  %".384" = shufflevector <8 x float> %".383", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".385" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".384", <8 x float> %".377", <8 x float> %".355")
  %".386" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".384", <8 x float> %".380", <8 x float> %".356")
  %".387" = getelementptr float, float* %".186", i64 25
  %".388" = load float, float* %".387"
  %".389" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".388", i64 0
  %".390" = shufflevector <8 x float> %".389", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".391" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".390", <8 x float> %".377", <8 x float> %".361")
  %".392" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".390", <8 x float> %".380", <8 x float> %".362")
  %".393" = getelementptr float, float* %".186", i64 26
  %".394" = load float, float* %".393"
  %".395" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".394", i64 0
  %".396" = shufflevector <8 x float> %".395", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".397" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".396", <8 x float> %".377", <8 x float> %".367")
  %".398" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".396", <8 x float> %".380", <8 x float> %".368")
  %".399" = getelementptr float, float* %".186", i64 27
  %".400" = load float, float* %".399"
  %".401" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".400", i64 0
  %".402" = shufflevector <8 x float> %".401", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".403" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".402", <8 x float> %".377", <8 x float> %".373")
  %".404" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".402", <8 x float> %".380", <8 x float> %".374")
  %".405" = getelementptr float, float* %".183", i64 17
  %".406" = bitcast float* %".405" to <8 x float>*
  %".407" = load <8 x float>, <8 x float>* %".406", align 4
  %".408" = getelementptr float, float* %".184", i64 17
  %".409" = bitcast float* %".408" to <8 x float>*
  %".410" = load <8 x float>, <8 x float>* %".409", align 4
  %".411" = getelementptr float, float* %".186", i64 28
  %".412" = load float, float* %".411"
  %".413" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".412", i64 0
  %".414" = shufflevector <8 x float> %".413", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".415" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".414", <8 x float> %".407", <8 x float> %".385")
  %".416" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".414", <8 x float> %".410", <8 x float> %".386")
  %".417" = getelementptr float, float* %".186", i64 29
  %".418" = load float, float* %".417"
  %".419" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".418", i64 0
  %".420" = shufflevector <8 x float> %".419", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".421" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".420", <8 x float> %".407", <8 x float> %".391")
  %".422" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".420", <8 x float> %".410", <8 x float> %".392")
  %".423" = getelementptr float, float* %".186", i64 30
  %".424" = load float, float* %".423"
  %".425" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".424", i64 0
  %".426" = shufflevector <8 x float> %".425", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".427" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".426", <8 x float> %".407", <8 x float> %".397")
  %".428" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".426", <8 x float> %".410", <8 x float> %".398")
  %".429" = getelementptr float, float* %".186", i64 31
  %".430" = load float, float* %".429"
  %".431" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".430", i64 0
  %".432" = shufflevector <8 x float> %".431", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".433" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".432", <8 x float> %".407", <8 x float> %".403")
  %".434" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".432", <8 x float> %".410", <8 x float> %".404")
  %".435" = getelementptr float, float* %".183", i64 18
  %".436" = bitcast float* %".435" to <8 x float>*
  %".437" = load <8 x float>, <8 x float>* %".436", align 4
  %".438" = getelementptr float, float* %".184", i64 18
  %".439" = bitcast float* %".438" to <8 x float>*
  %".440" = load <8 x float>, <8 x float>* %".439", align 4
  %".441" = getelementptr float, float* %".186", i64 32
  %".442" = load float, float* %".441"
  %".443" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".442", i64 0
  %".444" = shufflevector <8 x float> %".443", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".445" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".444", <8 x float> %".437", <8 x float> %".415")
  %".446" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".444", <8 x float> %".440", <8 x float> %".416")
  %".447" = getelementptr float, float* %".186", i64 33
  %".448" = load float, float* %".447"
  %".449" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".448", i64 0
  %".450" = shufflevector <8 x float> %".449", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".451" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".450", <8 x float> %".437", <8 x float> %".421")
  %".452" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".450", <8 x float> %".440", <8 x float> %".422")
  %".453" = getelementptr float, float* %".186", i64 34
  %".454" = load float, float* %".453"
  %".455" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".454", i64 0
  %".456" = shufflevector <8 x float> %".455", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".457" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".456", <8 x float> %".437", <8 x float> %".427")
  %".458" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".456", <8 x float> %".440", <8 x float> %".428")
  %".459" = getelementptr float, float* %".186", i64 35
  %".460" = load float, float* %".459"
  %".461" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".460", i64 0
  %".462" = shufflevector <8 x float> %".461", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".463" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".462", <8 x float> %".437", <8 x float> %".433")
  %".464" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".462", <8 x float> %".440", <8 x float> %".434")
  store <8 x float> %".445", <8 x float>* %".14"
  store <8 x float> %".446", <8 x float>* %".15"
  store <8 x float> %".451", <8 x float>* %".16"
  store <8 x float> %".452", <8 x float>* %".17"
  store <8 x float> %".457", <8 x float>* %".18"
  store <8 x float> %".458", <8 x float>* %".19"
  store <8 x float> %".463", <8 x float>* %".20"
  store <8 x float> %".464", <8 x float>* %".21"
  %".473" = add nsw i64 %".178", 1
  store i64 %".473", i64* %".175"
  br label %"head.5"
done.6:
  %".476" = mul i64 %".106", 4
  %".477" = add i64 %".476", 0
  %".478" = icmp slt i64 %".477", 4
  br i1 %".478", label %"store", label %"stored"
store:
  %".480" = mul i64 %".39", 4
  %".481" = mul i64 %".105", 4
  %".482" = add i64 %".481", %".477"
  %".483" = add i64 %".480", %".482"
  %".484" = mul i64 %".483", 36
  %".485" = getelementptr float, float* %".11", i64 %".484"
  %".486" = load <8 x float>, <8 x float>* %".14"
  %".487" = getelementptr float, float* %".485", i64 %".136"
  %".488" = bitcast float* %".487" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".486", <8 x float>* %".488", i32 4, <8 x i1> %".130")
  %".490" = load <8 x float>, <8 x float>* %".15"
  %".491" = getelementptr float, float* %".485", i64 %".159"
  %".492" = bitcast float* %".491" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".490", <8 x float>* %".492", i32 4, <8 x i1> %".153")
  br label %"stored"
stored:
  %".495" = mul i64 %".106", 4
  %".496" = add i64 %".495", 1
  %".497" = icmp slt i64 %".496", 4
  br i1 %".497", label %"store.1", label %"stored.1"
store.1:
  %".499" = mul i64 %".39", 4
  %".500" = mul i64 %".105", 4
  %".501" = add i64 %".500", %".496"
  %".502" = add i64 %".499", %".501"
  %".503" = mul i64 %".502", 36
  %".504" = getelementptr float, float* %".11", i64 %".503"
  %".505" = load <8 x float>, <8 x float>* %".16"
  %".506" = getelementptr float, float* %".504", i64 %".136"
  %".507" = bitcast float* %".506" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".505", <8 x float>* %".507", i32 4, <8 x i1> %".130")
  %".509" = load <8 x float>, <8 x float>* %".17"
  %".510" = getelementptr float, float* %".504", i64 %".159"
  %".511" = bitcast float* %".510" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".509", <8 x float>* %".511", i32 4, <8 x i1> %".153")
  br label %"stored.1"
stored.1:
  %".514" = mul i64 %".106", 4
  %".515" = add i64 %".514", 2
  %".516" = icmp slt i64 %".515", 4
  br i1 %".516", label %"store.2", label %"stored.2"
store.2:
  %".518" = mul i64 %".39", 4
  %".519" = mul i64 %".105", 4
  %".520" = add i64 %".519", %".515"
  %".521" = add i64 %".518", %".520"
  %".522" = mul i64 %".521", 36
  %".523" = getelementptr float, float* %".11", i64 %".522"
  %".524" = load <8 x float>, <8 x float>* %".18"
  %".525" = getelementptr float, float* %".523", i64 %".136"
  %".526" = bitcast float* %".525" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".524", <8 x float>* %".526", i32 4, <8 x i1> %".130")
  %".528" = load <8 x float>, <8 x float>* %".19"
  %".529" = getelementptr float, float* %".523", i64 %".159"
  %".530" = bitcast float* %".529" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".528", <8 x float>* %".530", i32 4, <8 x i1> %".153")
  br label %"stored.2"
stored.2:
  %".533" = mul i64 %".106", 4
  %".534" = add i64 %".533", 3
  %".535" = icmp slt i64 %".534", 4
  br i1 %".535", label %"store.3", label %"stored.3"
store.3:
  %".537" = mul i64 %".39", 4
  %".538" = mul i64 %".105", 4
  %".539" = add i64 %".538", %".534"
  %".540" = add i64 %".537", %".539"
  %".541" = mul i64 %".540", 36
  %".542" = getelementptr float, float* %".11", i64 %".541"
  %".543" = load <8 x float>, <8 x float>* %".20"
  %".544" = getelementptr float, float* %".542", i64 %".136"
  %".545" = bitcast float* %".544" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".543", <8 x float>* %".545", i32 4, <8 x i1> %".130")
  %".547" = load <8 x float>, <8 x float>* %".21"
  %".548" = getelementptr float, float* %".542", i64 %".159"
  %".549" = bitcast float* %".548" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".547", <8 x float>* %".549", i32 4, <8 x i1> %".153")
  br label %"stored.3"
stored.3:
  %".552" = add nsw i64 %".110", 1
  store i64 %".552", i64* %".107"
  br label %"head.4"
}

declare <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1", <8 x float> %".2", <8 x float> %".3")

declare void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1", <8 x float>* %".2", i32 %".3", <8 x i1> %".4")

declare float @"llvm.vector.reduce.fadd.v8f32"(float %".1", <8 x float> %".2")

declare void @"llvm.memset.p0.i64"(i8* %".1", i8 %".2", i64 %".3", i1 %".4")

declare void @"llvm.memcpy.p0.p0.i64"(i8* %".1", i8* %".2", i64 %".3", i1 %".4")

declare i8* @"tj_save_thread"()

declare void @"tj_restore_thread"(i8* %".1")

@"tj_none" = external global i8
