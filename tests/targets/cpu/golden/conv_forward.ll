; ModuleID = "golden_conv"
target triple = "unknown-unknown-unknown"
target datalayout = ""

define internal void @"golden_conv_body"(i64 %".1", i64 %".2", i64 %".3", i64 %".4", float* noalias %".5", i64 %".6", float* noalias %".7", i64 %".8", float* noalias %".9", i64 %".10", float* noalias %".11", i64 %".12", float* noalias %".13", i64 %".14") noinline
{
entry:
  %".16" = alloca <8 x float>
  %".17" = alloca <8 x float>
  %".18" = alloca <8 x float>
  %".19" = alloca <8 x float>
  %".20" = alloca <8 x float>
  %".21" = alloca <8 x float>
  %".22" = alloca <8 x float>
  %".23" = alloca <8 x float>
  %".28" = alloca i64
  %".40" = alloca i64
  %".55" = alloca i64
  %".74" = alloca i64
  %".110" = alloca i64
  %".118" = alloca i64
  %".186" = alloca i64
  br label %"start"
start:
  %".24" = bitcast float* %".9" to i64*
  %".25" = atomicrmw add i64* %".24", i64 1 monotonic
  %".26" = mul i64 %".25", 408
  %".27" = getelementptr float, float* %".7", i64 %".26"
  store i64 -1, i64* %".28"
  %".30" = inttoptr i64 %".4" to i64*
  %".31" = icmp sgt i64 %".2", 1
  %".32" = select  i1 %".31", i64 %".2", i64 1
  br label %"item"
item:
  %".34" = atomicrmw add i64* %".30", i64 %".32" monotonic
  %".35" = icmp slt i64 %".34", %".3"
  br i1 %".35", label %"work", label %"done"
work:
  %".37" = add i64 %".34", %".32"
  %".38" = icmp slt i64 %".37", %".3"
  %".39" = select  i1 %".38", i64 %".37", i64 %".3"
  store i64 %".34", i64* %".40"
  br label %"head"
done:
  ret void
head:
  %".43" = load i64, i64* %".40"
  %".44" = icmp slt i64 %".43", %".39"
  br i1 %".44", label %"body", label %"done.1"
body:
  %".46" = sdiv i64 %".3", %".1"
  %".47" = sdiv i64 %".43", %".46"
  %".48" = srem i64 %".43", %".46"
  %".49" = sub i64 %".46", 1
  %".50" = add i64 1, %".49"
  %".51" = sdiv i64 %".50", %".46"
  %".52" = load i64, i64* %".28"
  %".53" = icmp ne i64 %".52", %".47"
  br i1 %".53", label %"body.if", label %"body.endif"
done.1:
  br label %"item"
body.if:
  store i64 0, i64* %".55"
  br label %"head.1"
body.endif:
  %".106" = mul i64 %".48", %".51"
  %".107" = add i64 %".106", %".51"
  %".108" = icmp slt i64 %".107", 1
  %".109" = select  i1 %".108", i64 %".107", i64 1
  store i64 %".106", i64* %".110"
  br label %"head.3"
head.1:
  %".58" = load i64, i64* %".55"
  %".59" = icmp slt i64 %".58", 3
  br i1 %".59", label %"body.1", label %"done.2"
body.1:
  %".61" = mul i64 %".47", 3
  %".62" = add i64 %".61", %".58"
  %".63" = mul i64 %".62", 36
  %".64" = getelementptr float, float* %".5", i64 %".63"
  %".65" = mul i64 %".58", 136
  %".66" = getelementptr float, float* %".27", i64 %".65"
  %".67" = getelementptr float, float* %".66", i64 0
  %".68" = getelementptr float, float* %".67", i64 0
  %".69" = bitcast float* %".68" to i8*
  call void @"llvm.memset.p0.i64"(i8* %".69", i8 0, i64 32, i1 0)
  %".71" = getelementptr float, float* %".67", i64 56
  %".72" = bitcast float* %".71" to i8*
  call void @"llvm.memset.p0.i64"(i8* %".72", i8 0, i64 320, i1 0)
  store i64 0, i64* %".74"
  br label %"head.2"
done.2:
  store i64 %".47", i64* %".28"
  br label %"body.endif"
head.2:
  %".77" = load i64, i64* %".74"
  %".78" = icmp slt i64 %".77", 6
  br i1 %".78", label %"body.2", label %"done.3"
body.2:
  %".80" = mul i64 %".77", 1
  %".81" = add i64 %".80", 0
  %".82" = mul i64 %".81", 6
  %".83" = add i64 %".82", 0
  %".84" = getelementptr float, float* %".64", i64 %".83"
  %".85" = add i64 %".77", 1
  %".86" = mul i64 %".85", 8
  %".87" = getelementptr float, float* %".67", i64 %".86"
  %".88" = getelementptr float, float* %".87", i64 0
  %".89" = bitcast float* %".88" to i8*
  call void @"llvm.memset.p0.i64"(i8* %".89", i8 0, i64 4, i1 0)
  %".91" = getelementptr float, float* %".87", i64 7
  %".92" = bitcast float* %".91" to i8*
  call void @"llvm.memset.p0.i64"(i8* %".92", i8 0, i64 4, i1 0)
  %".94" = getelementptr float, float* %".87", i64 1
  %".95" = bitcast float* %".94" to i8*
  %".96" = bitcast float* %".84" to i8*
  call void @"llvm.memcpy.p0.p0.i64"(i8* %".95", i8* %".96", i64 24, i1 0)
  %".98" = add nsw i64 %".77", 1
  store i64 %".98", i64* %".74"
  br label %"head.2"
done.3:
  %".101" = add nsw i64 %".58", 1
  store i64 %".101", i64* %".55"
  br label %"head.1"
head.3:
  %".113" = load i64, i64* %".110"
  %".114" = icmp slt i64 %".113", %".109"
  br i1 %".114", label %"body.3", label %"done.4"
body.3:
  %".116" = sdiv i64 %".113", 1
  %".117" = srem i64 %".113", 1
  store i64 0, i64* %".118"
  br label %"head.4"
done.4:
  %".569" = add nsw i64 %".43", 1
  store i64 %".569", i64* %".40"
  br label %"head"
head.4:
  %".121" = load i64, i64* %".118"
  %".122" = icmp slt i64 %".121", 3
  br i1 %".122", label %"body.4", label %"done.5"
body.4:
  %".124" = mul i64 %".121", 2
  %".125" = add i64 %".124", 0
  %".126" = icmp slt i64 %".125", 6
  %".127" = select  i1 %".126", i64 %".125", i64 5
  %".128" = sdiv i64 %".127", 1
  %".129" = mul i64 %".128", 1
  %".130" = sub i64 %".127", %".129"
  %".131" = mul i64 %".130", 8
  %".132" = mul i64 %".128", 8
  %".133" = add i64 %".132", %".131"
  %".134" = sub i64 6, %".131"
  %".135" = trunc i64 %".134" to i32
  %".136" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".135", i64 0
  %".137" = shufflevector <8 x i32> %".136", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".138" = icmp slt <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %".137"
  %".139" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".126", i64 0
  %".140" = shufflevector <8 x i1> %".139", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".141" = and <8 x i1> %".138", %".140"
  %".142" = mul i64 %".128", 1
  %".143" = add i64 %".142", 0
  %".144" = mul i64 %".143", 6
  %".145" = mul i64 %".131", 1
  %".146" = add i64 %".145", 0
  %".147" = add i64 %".144", %".146"
  %".148" = add i64 %".124", 1
  %".149" = icmp slt i64 %".148", 6
  %".150" = select  i1 %".149", i64 %".148", i64 5
  %".151" = sdiv i64 %".150", 1
  %".152" = mul i64 %".151", 1
  %".153" = sub i64 %".150", %".152"
  %".154" = mul i64 %".153", 8
  %".155" = mul i64 %".151", 8
  %".156" = add i64 %".155", %".154"
  %".157" = sub i64 6, %".154"
  %".158" = trunc i64 %".157" to i32
  %".159" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".158", i64 0
  %".160" = shufflevector <8 x i32> %".159", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".161" = icmp slt <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %".160"
  %".162" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".149", i64 0
  %".163" = shufflevector <8 x i1> %".162", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".164" = and <8 x i1> %".161", %".163"
  %".165" = mul i64 %".151", 1
  %".166" = add i64 %".165", 0
  %".167" = mul i64 %".166", 6
  %".168" = mul i64 %".154", 1
  %".169" = add i64 %".168", 0
  %".170" = add i64 %".167", %".169"
  %".171" = mul i64 %".116", 3
  %".172" = mul i64 %".171", 136
  %".173" = getelementptr float, float* %".27", i64 %".172"
  %".174" = mul i64 %".116", 1
  %".175" = add i64 %".174", %".117"
  %".176" = mul i64 %".175", 108
  %".177" = getelementptr float, float* %".11", i64 %".176"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".16"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".17"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".18"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".19"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".20"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".21"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".22"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".23"
  store i64 0, i64* %".186"
  br label %"head.5"
done.5:
  %".566" = add nsw i64 %".113", 1
  store i64 %".566", i64* %".110"
  br label %"head.3"
head.5:
  %".189" = load i64, i64* %".186"
  %".190" = icmp slt i64 %".189", 3
  br i1 %".190", label %"body.5", label %"done.6"
body.5:
  %".192" = mul i64 %".189", 136
  %".193" = getelementptr float, float* %".173", i64 %".192"
  %".194" = getelementptr float, float* %".193", i64 %".133"
  %".195" = getelementptr float, float* %".193", i64 %".156"
  %".196" = mul i64 %".189", 36
  %".197" = getelementptr float, float* %".177", i64 %".196"
  %".198" = load <8 x float>, <8 x float>* %".16"
  %".199" = load <8 x float>, <8 x float>* %".17"
  %".200" = load <8 x float>, <8 x float>* %".18"
  %".201" = load <8 x float>, <8 x float>* %".19"
  %".202" = load <8 x float>, <8 x float>* %".20"
  %".203" = load <8 x float>, <8 x float>* %".21"
  %".204" = load <8 x float>, <8 x float>* %".22"
  %".205" = load <8 x float>, <8 x float>* %".23"
  %".206" = getelementptr float, float* %".194", i64 0
  %".207" = bitcast float* %".206" to <8 x float>*
  %".208" = load <8 x float>, <8 x float>* %".207", align 4
  %".209" = getelementptr float, float* %".195", i64 0
  %".210" = bitcast float* %".209" to <8 x float>*
  %".211" = load <8 x float>, <8 x float>* %".210", align 4
  %".212" = getelementptr float, float* %".197", i64 0
  %".213" = load float, float* %".212"
  %".214" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".213", i64 0
  %".215" = shufflevector <8 x float> %".214", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".216" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".215", <8 x float> %".208", <8 x float> %".198")
  %".217" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".215", <8 x float> %".211", <8 x float> %".199")
  %".218" = getelementptr float, float* %".197", i64 1
  %".219" = load float, float* %".218"
  %".220" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".219", i64 0
  %".221" = shufflevector <8 x float> %".220", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".222" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".221", <8 x float> %".208", <8 x float> %".200")
  %".223" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".221", <8 x float> %".211", <8 x float> %".201")
  %".224" = getelementptr float, float* %".197", i64 2
  %".225" = load float, float* %".224"
  %".226" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".225", i64 0
  %".227" = shufflevector <8 x float> %".226", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".228" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".227", <8 x float> %".208", <8 x float> %".202")
  %".229" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".227", <8 x float> %".211", <8 x float> %".203")
  %".230" = getelementptr float, float* %".197", i64 3
  %".231" = load float, float* %".230"
  %".232" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".231", i64 0
  %".233" = shufflevector <8 x float> %".232", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".234" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".233", <8 x float> %".208", <8 x float> %".204")
  %".235" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".233", <8 x float> %".211", <8 x float> %".205")
  %".236" = getelementptr float, float* %".194", i64 1
  %".237" = bitcast float* %".236" to <8 x float>*
  %".238" = load <8 x float>, <8 x float>* %".237", align 4
  %".239" = getelementptr float, float* %".195", i64 1
  %".240" = bitcast float* %".239" to <8 x float>*
  %".241" = load <8 x float>, <8 x float>* %".240", align 4
  %".242" = getelementptr float, float* %".197", i64 4
  %".243" = load float, float* %".242"
  %".244" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".243", i64 0
  %".245" = shufflevector <8 x float> %".244", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".246" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".245", <8 x float> %".238", <8 x float> %".216")
  %".247" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".245", <8 x float> %".241", <8 x float> %".217")
  %".248" = getelementptr float, float* %".197", i64 5
  %".249" = load float, float* %".248"
  %".250" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".249", i64 0
  %".251" = shufflevector <8 x float> %".250", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".252" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".251", <8 x float> %".238", <8 x float> %".222")
  %".253" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".251", <8 x float> %".241", <8 x float> %".223")
  %".254" = getelementptr float, float* %".197", i64 6
  %".255" = load float, float* %".254"
  %".256" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".255", i64 0
  %".257" = shufflevector <8 x float> %".256", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".258" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".257", <8 x float> %".238", <8 x float> %".228")
  %".259" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".257", <8 x float> %".241", <8 x float> %".229")
  %".260" = getelementptr float, float* %".197", i64 7
  %".261" = load float, float* %".260"
  %".262" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".261", i64 0
  %".263" = shufflevector <8 x float> %".262", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".264" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".263", <8 x float> %".238", <8 x float> %".234")
  %".265" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".263", <8 x float> %".241", <8 x float> %".235")
  %".266" = getelementptr float, float* %".194", i64 2
  %".267" = bitcast float* %".266" to <8 x float>*
  %".268" = load <8 x float>, <8 x float>* %".267", align 4
  %".269" = getelementptr float, float* %".195", i64 2
  %".270" = bitcast float* %".269" to <8 x float>*
  %".271" = load <8 x float>, <8 x float>* %".270", align 4
  %".272" = getelementptr float, float* %".197", i64 8
  %".273" = load float, float* %".272"
  %".274" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".273", i64 0
  %".275" = shufflevector <8 x float> %".274", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".276" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".275", <8 x float> %".268", <8 x float> %".246")
  %".277" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".275", <8 x float> %".271", <8 x float> %".247")
  %".278" = getelementptr float, float* %".197", i64 9
  %".279" = load float, float* %".278"
  %".280" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".279", i64 0
  %".281" = shufflevector <8 x float> %".280", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".282" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".281", <8 x float> %".268", <8 x float> %".252")
  %".283" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".281", <8 x float> %".271", <8 x float> %".253")
  %".284" = getelementptr float, float* %".197", i64 10
  %".285" = load float, float* %".284"
  %".286" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".285", i64 0
  %".287" = shufflevector <8 x float> %".286", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".288" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".287", <8 x float> %".268", <8 x float> %".258")
  %".289" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".287", <8 x float> %".271", <8 x float> %".259")
  %".290" = getelementptr float, float* %".197", i64 11
  %".291" = load float, float* %".290"
  %".292" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".291", i64 0
  %".293" = shufflevector <8 x float> %".292", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".294" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".293", <8 x float> %".268", <8 x float> %".264")
  %".295" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".293", <8 x float> %".271", <8 x float> %".265")
  %".296" = getelementptr float, float* %".194", i64 8
  %".297" = bitcast float* %".296" to <8 x float>*
  %".298" = load <8 x float>, <8 x float>* %".297", align 4
  %".299" = getelementptr float, float* %".195", i64 8
  %".300" = bitcast float* %".299" to <8 x float>*
  %".301" = load <8 x float>, <8 x float>* %".300", align 4
  %".302" = getelementptr float, float* %".197", i64 12
  %".303" = load float, float* %".302"
  %".304" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".303", i64 0
  %".305" = shufflevector <8 x float> %".304", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".306" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".305", <8 x float> %".298", <8 x float> %".276")
  %".307" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".305", <8 x float> %".301", <8 x float> %".277")
  %".308" = getelementptr float, float* %".197", i64 13
  %".309" = load float, float* %".308"
  %".310" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".309", i64 0
  %".311" = shufflevector <8 x float> %".310", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".312" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".311", <8 x float> %".298", <8 x float> %".282")
  %".313" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".311", <8 x float> %".301", <8 x float> %".283")
  %".314" = getelementptr float, float* %".197", i64 14
  %".315" = load float, float* %".314"
  %".316" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".315", i64 0
  %".317" = shufflevector <8 x float> %".316", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".318" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".317", <8 x float> %".298", <8 x float> %".288")
  %".319" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".317", <8 x float> %".301", <8 x float> %".289")
  %".320" = getelementptr float, float* %".197", i64 15
  %".321" = load float, float* %".320"
  %".322" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".321", i64 0
  %".323" = shufflevector <8 x float> %".322", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".324" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".323", <8 x float> %".298", <8 x float> %".294")
  %".325" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".323", <8 x float> %".301", <8 x float> %".295")
  %".326" = getelementptr float, float* %".194", i64 9
  %".327" = bitcast float* %".326" to <8 x float>*
  %".328" = load <8 x float>, <8 x float>* %".327", align 4
  %".329" = getelementptr float, float* %".195", i64 9
  %".330" = bitcast float* %".329" to <8 x float>*
  %".331" = load <8 x float>, <8 x float>* %".330", align 4
  %".332" = getelementptr float, float* %".197", i64 16
  %".333" = load float, float* %".332"
  %".334" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".333", i64 0
  %".335" = shufflevector <8 x float> %".334", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".336" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".335", <8 x float> %".328", <8 x float> %".306")
  %".337" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".335", <8 x float> %".331", <8 x float> %".307")
  %".338" = getelementptr float, float* %".197", i64 17
  %".339" = load float, float* %".338"
  %".340" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".339", i64 0
  %".341" = shufflevector <8 x float> %".340", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".342" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".341", <8 x float> %".328", <8 x float> %".312")
  %".343" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".341", <8 x float> %".331", <8 x float> %".313")
  %".344" = getelementptr float, float* %".197", i64 18
  %".345" = load float, float* %".344"
  %".346" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".345", i64 0
  %".347" = shufflevector <8 x float> %".346", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".348" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".347", <8 x float> %".328", <8 x float> %".318")
  %".349" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".347", <8 x float> %".331", <8 x float> %".319")
  %".350" = getelementptr float, float* %".197", i64 19
  %".351" = load float, float* %".350"
  %".352" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".351", i64 0
  %".353" = shufflevector <8 x float> %".352", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".354" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".353", <8 x float> %".328", <8 x float> %".324")
  %".355" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".353", <8 x float> %".331", <8 x float> %".325")
  %".356" = getelementptr float, float* %".194", i64 10
  %".357" = bitcast float* %".356" to <8 x float>*
  %".358" = load <8 x float>, <8 x float>* %".357", align 4
  %".359" = getelementptr float, float* %".195", i64 10
  %".360" = bitcast float* %".359" to <8 x float>*
  %".361" = load <8 x float>, <8 x float>* %".360", align 4
  %".362" = getelementptr float, float* %".197", i64 20
  %".363" = load float, float* %".362"
  %".364" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".363", i64 0
  %".365" = shufflevector <8 x float> %".364", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".366" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".365", <8 x float> %".358", <8 x float> %".336")
  %".367" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".365", <8 x float> %".361", <8 x float> %".337")
  %".368" = getelementptr float, float* %".197", i64 21
  %".369" = load float, float* %".368"
  %".370" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".369", i64 0
  %".371" = shufflevector <8 x float> %".370", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".372" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".371", <8 x float> %".358", <8 x float> %".342")
  %".373" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".371", <8 x float> %".361", <8 x float> %".343")
  %".374" = getelementptr float, float* %".197", i64 22
  %".375" = load float, float* %".374"
  %".376" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".375", i64 0
  %".377" = shufflevector <8 x float> %".376", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".378" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".377", <8 x float> %".358", <8 x float> %".348")
  %".379" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".377", <8 x float> %".361", <8 x float> %".349")
  %".380" = getelementptr float, float* %".197", i64 23
  %".381" = load float, float* %".380"
  %".382" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".381", i64 0
  %".383" = shufflevector <8 x float> %".382", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".384" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".383", <8 x float> %".358", <8 x float> %".354")
  %".385" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".383", <8 x float> %".361", <8 x float> %".355")
  %".386" = getelementptr float, float* %".194", i64 16
  %".387" = bitcast float* %".386" to <8 x float>*
  %".388" = load <8 x float>, <8 x float>* %".387", align 4
  %".389" = getelementptr float, float* %".195", i64 16
  %".390" = bitcast float* %".389" to <8 x float>*
  %".391" = load <8 x float>, <8 x float>* %".390", align 4
  %".392" = getelementptr float, float* %".197", i64 24
  %".393" = load float, float* %".392"
  %".394" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".393", i64 0
  %".395" = shufflevector <8 x float> %".394", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".396" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".395", <8 x float> %".388", <8 x float> %".366")
  %".397" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".395", <8 x float> %".391", <8 x float> %".367")
  %".398" = getelementptr float, float* %".197", i64 25
  %".399" = load float, float* %".398"
  %".400" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".399", i64 0
  %".401" = shufflevector <8 x float> %".400", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".402" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".401", <8 x float> %".388", <8 x float> %".372")
  %".403" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".401", <8 x float> %".391", <8 x float> %".373")
  %".404" = getelementptr float, float* %".197", i64 26
  %".405" = load float, float* %".404"
  %".406" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".405", i64 0
  %".407" = shufflevector <8 x float> %".406", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".408" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".407", <8 x float> %".388", <8 x float> %".378")
  %".409" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".407", <8 x float> %".391", <8 x float> %".379")
  %".410" = getelementptr float, float* %".197", i64 27
  %".411" = load float, float* %".410"
  %".412" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".411", i64 0
  %".413" = shufflevector <8 x float> %".412", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".414" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".413", <8 x float> %".388", <8 x float> %".384")
  %".415" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".413", <8 x float> %".391", <8 x float> %".385")
  %".416" = getelementptr float, float* %".194", i64 17
  %".417" = bitcast float* %".416" to <8 x float>*
  %".418" = load <8 x float>, <8 x float>* %".417", align 4
  %".419" = getelementptr float, float* %".195", i64 17
  %".420" = bitcast float* %".419" to <8 x float>*
  %".421" = load <8 x float>, <8 x float>* %".420", align 4
  %".422" = getelementptr float, float* %".197", i64 28
  %".423" = load float, float* %".422"
  %".424" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".423", i64 0
  %".425" = shufflevector <8 x float> %".424", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".426" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".425", <8 x float> %".418", <8 x float> %".396")
  %".427" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".425", <8 x float> %".421", <8 x float> %".397")
  %".428" = getelementptr float, float* %".197", i64 29
  %".429" = load float, float* %".428"
  %".430" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".429", i64 0
  %".431" = shufflevector <8 x float> %".430", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".432" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".431", <8 x float> %".418", <8 x float> %".402")
  %".433" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".431", <8 x float> %".421", <8 x float> %".403")
  %".434" = getelementptr float, float* %".197", i64 30
  %".435" = load float, float* %".434"
  %".436" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".435", i64 0
  %".437" = shufflevector <8 x float> %".436", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".438" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".437", <8 x float> %".418", <8 x float> %".408")
  %".439" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".437", <8 x float> %".421", <8 x float> %".409")
  %".440" = getelementptr float, float* %".197", i64 31
  %".441" = load float, float* %".440"
  %".442" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".441", i64 0
  %".443" = shufflevector <8 x float> %".442", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".444" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".443", <8 x float> %".418", <8 x float> %".414")
  %".445" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".443", <8 x float> %".421", <8 x float> %".415")
  %".446" = getelementptr float, float* %".194", i64 18
  %".447" = bitcast float* %".446" to <8 x float>*
  %".448" = load <8 x float>, <8 x float>* %".447", align 4
  %".449" = getelementptr float, float* %".195", i64 18
  %".450" = bitcast float* %".449" to <8 x float>*
  %".451" = load <8 x float>, <8 x float>* %".450", align 4
  %".452" = getelementptr float, float* %".197", i64 32
  %".453" = load float, float* %".452"
  %".454" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".453", i64 0
  %".455" = shufflevector <8 x float> %".454", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".456" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".455", <8 x float> %".448", <8 x float> %".426")
  %".457" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".455", <8 x float> %".451", <8 x float> %".427")
  %".458" = getelementptr float, float* %".197", i64 33
  %".459" = load float, float* %".458"
  %".460" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".459", i64 0
  %".461" = shufflevector <8 x float> %".460", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".462" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".461", <8 x float> %".448", <8 x float> %".432")
  %".463" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".461", <8 x float> %".451", <8 x float> %".433")
  %".464" = getelementptr float, float* %".197", i64 34
  %".465" = load float, float* %".464"
  %".466" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".465", i64 0
  %".467" = shufflevector <8 x float> %".466", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".468" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".467", <8 x float> %".448", <8 x float> %".438")
  %".469" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".467", <8 x float> %".451", <8 x float> %".439")
  %".470" = getelementptr float, float* %".197", i64 35
  %".471" = load float, float* %".470"
  %".472" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".471", i64 0
  %".473" = shufflevector <8 x float> %".472", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".474" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".473", <8 x float> %".448", <8 x float> %".444")
  %".475" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".473", <8 x float> %".451", <8 x float> %".445")
  store <8 x float> %".456", <8 x float>* %".16"
  store <8 x float> %".457", <8 x float>* %".17"
  store <8 x float> %".462", <8 x float>* %".18"
  store <8 x float> %".463", <8 x float>* %".19"
  store <8 x float> %".468", <8 x float>* %".20"
  store <8 x float> %".469", <8 x float>* %".21"
  store <8 x float> %".474", <8 x float>* %".22"
  store <8 x float> %".475", <8 x float>* %".23"
  %".484" = add nsw i64 %".189", 1
  store i64 %".484", i64* %".186"
  br label %"head.5"
done.6:
  %".487" = mul i64 %".117", 4
  %".488" = add i64 %".487", 0
  %".489" = icmp slt i64 %".488", 4
  br i1 %".489", label %"store", label %"stored"
store:
  %".491" = mul i64 %".47", 4
  %".492" = mul i64 %".116", 4
  %".493" = add i64 %".492", %".488"
  %".494" = add i64 %".491", %".493"
  %".495" = mul i64 %".494", 36
  %".496" = getelementptr float, float* %".13", i64 %".495"
  %".497" = load <8 x float>, <8 x float>* %".16"
  %".498" = getelementptr float, float* %".496", i64 %".147"
  %".499" = bitcast float* %".498" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".497", <8 x float>* %".499", i32 4, <8 x i1> %".141")
  %".501" = load <8 x float>, <8 x float>* %".17"
  %".502" = getelementptr float, float* %".496", i64 %".170"
  %".503" = bitcast float* %".502" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".501", <8 x float>* %".503", i32 4, <8 x i1> %".164")
  br label %"stored"
stored:
  %".506" = mul i64 %".117", 4
  %".507" = add i64 %".506", 1
  %".508" = icmp slt i64 %".507", 4
  br i1 %".508", label %"store.1", label %"stored.1"
store.1:
  %".510" = mul i64 %".47", 4
  %".511" = mul i64 %".116", 4
  %".512" = add i64 %".511", %".507"
  %".513" = add i64 %".510", %".512"
  %".514" = mul i64 %".513", 36
  %".515" = getelementptr float, float* %".13", i64 %".514"
  %".516" = load <8 x float>, <8 x float>* %".18"
  %".517" = getelementptr float, float* %".515", i64 %".147"
  %".518" = bitcast float* %".517" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".516", <8 x float>* %".518", i32 4, <8 x i1> %".141")
  %".520" = load <8 x float>, <8 x float>* %".19"
  %".521" = getelementptr float, float* %".515", i64 %".170"
  %".522" = bitcast float* %".521" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".520", <8 x float>* %".522", i32 4, <8 x i1> %".164")
  br label %"stored.1"
stored.1:
  %".525" = mul i64 %".117", 4
  %".526" = add i64 %".525", 2
  %".527" = icmp slt i64 %".526", 4
  br i1 %".527", label %"store.2", label %"stored.2"
store.2:
  %".529" = mul i64 %".47", 4
  %".530" = mul i64 %".116", 4
  %".531" = add i64 %".530", %".526"
  %".532" = add i64 %".529", %".531"
  %".533" = mul i64 %".532", 36
  %".534" = getelementptr float, float* %".13", i64 %".533"
  %".535" = load <8 x float>, <8 x float>* %".20"
  %".536" = getelementptr float, float* %".534", i64 %".147"
  %".537" = bitcast float* %".536" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".535", <8 x float>* %".537", i32 4, <8 x i1> %".141")
  %".539" = load <8 x float>, <8 x float>* %".21"
  %".540" = getelementptr float, float* %".534", i64 %".170"
  %".541" = bitcast float* %".540" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".539", <8 x float>* %".541", i32 4, <8 x i1> %".164")
  br label %"stored.2"
stored.2:
  %".544" = mul i64 %".117", 4
  %".545" = add i64 %".544", 3
  %".546" = icmp slt i64 %".545", 4
  br i1 %".546", label %"store.3", label %"stored.3"
store.3:
  %".548" = mul i64 %".47", 4
  %".549" = mul i64 %".116", 4
  %".550" = add i64 %".549", %".545"
  %".551" = add i64 %".548", %".550"
  %".552" = mul i64 %".551", 36
  %".553" = getelementptr float, float* %".13", i64 %".552"
  %".554" = load <8 x float>, <8 x float>* %".22"
  %".555" = getelementptr float, float* %".553", i64 %".147"
  %".556" = bitcast float* %".555" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".554", <8 x float>* %".556", i32 4, <8 x i1> %".141")
  %".558" = load <8 x float>, <8 x float>* %".23"
  %".559" = getelementptr float, float* %".553", i64 %".170"
  %".560" = bitcast float* %".559" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".558", <8 x float>* %".560", i32 4, <8 x i1> %".164")
  br label %"stored.3"
stored.3:
  %".563" = add nsw i64 %".121", 1
  store i64 %".563", i64* %".118"
  br label %"head.4"
}

declare <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1", <8 x float> %".2", <8 x float> %".3")

declare void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1", <8 x float>* %".2", i32 %".3", <8 x i1> %".4")

declare float @"llvm.vector.reduce.fadd.v8f32"(float %".1", <8 x float> %".2")

declare void @"llvm.memset.p0.i64"(i8* %".1", i8 %".2", i64 %".3", i1 %".4")

declare void @"llvm.memcpy.p0.p0.i64"(i8* %".1", i8* %".2", i64 %".3", i1 %".4")

define internal void @"golden_conv_thunk"(i64* %".1") noinline
{
start:
  %".3" = getelementptr i64, i64* %".1", i64 1
  %".4" = load i64, i64* %".3"
  %".5" = getelementptr i64, i64* %".1", i64 2
  %".6" = load i64, i64* %".5"
  %".7" = getelementptr i64, i64* %".1", i64 3
  %".8" = load i64, i64* %".7"
  %".9" = getelementptr i64, i64* %".1", i64 4
  %".10" = load i64, i64* %".9"
  %".11" = getelementptr i64, i64* %".1", i64 5
  %".12" = load i64, i64* %".11"
  %".13" = inttoptr i64 %".12" to float*
  %".14" = getelementptr i64, i64* %".1", i64 6
  %".15" = load i64, i64* %".14"
  %".16" = getelementptr i64, i64* %".1", i64 7
  %".17" = load i64, i64* %".16"
  %".18" = inttoptr i64 %".17" to float*
  %".19" = getelementptr i64, i64* %".1", i64 8
  %".20" = load i64, i64* %".19"
  %".21" = getelementptr i64, i64* %".1", i64 9
  %".22" = load i64, i64* %".21"
  %".23" = inttoptr i64 %".22" to float*
  %".24" = getelementptr i64, i64* %".1", i64 10
  %".25" = load i64, i64* %".24"
  %".26" = getelementptr i64, i64* %".1", i64 11
  %".27" = load i64, i64* %".26"
  %".28" = inttoptr i64 %".27" to float*
  %".29" = getelementptr i64, i64* %".1", i64 12
  %".30" = load i64, i64* %".29"
  %".31" = getelementptr i64, i64* %".1", i64 13
  %".32" = load i64, i64* %".31"
  %".33" = inttoptr i64 %".32" to float*
  %".34" = getelementptr i64, i64* %".1", i64 14
  %".35" = load i64, i64* %".34"
  call void @"golden_conv_body"(i64 %".4", i64 %".6", i64 %".8", i64 %".10", float* %".13", i64 %".15", float* %".18", i64 %".20", float* %".23", i64 %".25", float* %".28", i64 %".30", float* %".33", i64 %".35")
  ret void
}

@"golden_conv_arguments" = internal constant [9 x [5 x i32]] [[5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 1281], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 1281], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 1281]]
define i8* @"golden_conv"(i8* %".1", i8** %".2", i64 %".3")
{
enter:
  %".5" = bitcast [9 x [5 x i32]]* @"golden_conv_arguments" to i32*
  %".6" = bitcast void (i64*)* @"golden_conv_thunk" to i8*
  %".7" = call i8* @"tj_enter"(i8** %".2", i64 %".3", i32* %".5", i64 9, i64 15, i8* %".6")
  ret i8* %".7"
}

declare i8* @"tj_enter"(i8** %".1", i64 %".2", i32* %".3", i64 %".4", i64 %".5", i8* %".6")

