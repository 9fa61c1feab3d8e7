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
  %".190" = alloca i64
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
  %".605" = add nsw i64 %".43", 1
  store i64 %".605", i64* %".40"
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
  %".136" = icmp sge i32 %".135", 8
  %".137" = and i1 %".126", %".136"
  %".138" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".135", i64 0
  %".139" = shufflevector <8 x i32> %".138", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".140" = icmp slt <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %".139"
  %".141" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".126", i64 0
  %".142" = shufflevector <8 x i1> %".141", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".143" = and <8 x i1> %".140", %".142"
  %".144" = mul i64 %".128", 1
  %".145" = add i64 %".144", 0
  %".146" = mul i64 %".145", 6
  %".147" = mul i64 %".131", 1
  %".148" = add i64 %".147", 0
  %".149" = add i64 %".146", %".148"
  %".150" = add i64 %".124", 1
  %".151" = icmp slt i64 %".150", 6
  %".152" = select  i1 %".151", i64 %".150", i64 5
  %".153" = sdiv i64 %".152", 1
  %".154" = mul i64 %".153", 1
  %".155" = sub i64 %".152", %".154"
  %".156" = mul i64 %".155", 8
  %".157" = mul i64 %".153", 8
  %".158" = add i64 %".157", %".156"
  %".159" = sub i64 6, %".156"
  %".160" = trunc i64 %".159" to i32
  %".161" = icmp sge i32 %".160", 8
  %".162" = and i1 %".151", %".161"
  %".163" = insertelement <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 %".160", i64 0
  %".164" = shufflevector <8 x i32> %".163", <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".165" = icmp slt <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %".164"
  %".166" = insertelement <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, i1 %".151", i64 0
  %".167" = shufflevector <8 x i1> %".166", <8 x i1> <i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef, i1 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".168" = and <8 x i1> %".165", %".167"
  %".169" = mul i64 %".153", 1
  %".170" = add i64 %".169", 0
  %".171" = mul i64 %".170", 6
  %".172" = mul i64 %".156", 1
  %".173" = add i64 %".172", 0
  %".174" = add i64 %".171", %".173"
  %".175" = mul i64 %".116", 3
  %".176" = mul i64 %".175", 136
  %".177" = getelementptr float, float* %".27", i64 %".176"
  %".178" = mul i64 %".116", 1
  %".179" = add i64 %".178", %".117"
  %".180" = mul i64 %".179", 108
  %".181" = getelementptr float, float* %".11", i64 %".180"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".16"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".17"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".18"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".19"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".20"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".21"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".22"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".23"
  store i64 0, i64* %".190"
  br label %"head.5"
done.5:
  %".602" = add nsw i64 %".113", 1
  store i64 %".602", i64* %".110"
  br label %"head.3"
head.5:
  %".193" = load i64, i64* %".190"
  %".194" = icmp slt i64 %".193", 3
  br i1 %".194", label %"body.5", label %"done.6"
body.5:
  %".196" = mul i64 %".193", 136
  %".197" = getelementptr float, float* %".177", i64 %".196"
  %".198" = getelementptr float, float* %".197", i64 %".133"
  %".199" = getelementptr float, float* %".197", i64 %".158"
  %".200" = mul i64 %".193", 36
  %".201" = getelementptr float, float* %".181", i64 %".200"
  %".202" = load <8 x float>, <8 x float>* %".16"
  %".203" = load <8 x float>, <8 x float>* %".17"
  %".204" = load <8 x float>, <8 x float>* %".18"
  %".205" = load <8 x float>, <8 x float>* %".19"
  %".206" = load <8 x float>, <8 x float>* %".20"
  %".207" = load <8 x float>, <8 x float>* %".21"
  %".208" = load <8 x float>, <8 x float>* %".22"
  %".209" = load <8 x float>, <8 x float>* %".23"
  %".210" = getelementptr float, float* %".198", i64 0
  %".211" = bitcast float* %".210" to <8 x float>*
  %".212" = load <8 x float>, <8 x float>* %".211", align 4
  %".213" = getelementptr float, float* %".199", i64 0
  %".214" = bitcast float* %".213" to <8 x float>*
  %".215" = load <8 x float>, <8 x float>* %".214", align 4
  %".216" = getelementptr float, float* %".201", i64 0
  %".217" = load float, float* %".216"
  %".218" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".217", i64 0
  %".219" = shufflevector <8 x float> %".218", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".220" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".219", <8 x float> %".212", <8 x float> %".202")
  %".221" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".219", <8 x float> %".215", <8 x float> %".203")
  %".222" = getelementptr float, float* %".201", i64 1
  %".223" = load float, float* %".222"
  %".224" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".223", i64 0
  %".225" = shufflevector <8 x float> %".224", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".226" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".225", <8 x float> %".212", <8 x float> %".204")
  %".227" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".225", <8 x float> %".215", <8 x float> %".205")
  %".228" = getelementptr float, float* %".201", i64 2
  %".229" = load float, float* %".228"
  %".230" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".229", i64 0
  %".231" = shufflevector <8 x float> %".230", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".232" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".231", <8 x float> %".212", <8 x float> %".206")
  %".233" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".231", <8 x float> %".215", <8 x float> %".207")
  %".234" = getelementptr float, float* %".201", i64 3
  %".235" = load float, float* %".234"
  %".236" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".235", i64 0
  %".237" = shufflevector <8 x float> %".236", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".238" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".237", <8 x float> %".212", <8 x float> %".208")
  %".239" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".237", <8 x float> %".215", <8 x float> %".209")
  %".240" = getelementptr float, float* %".198", i64 1
  %".241" = bitcast float* %".240" to <8 x float>*
  %".242" = load <8 x float>, <8 x float>* %".241", align 4
  %".243" = getelementptr float, float* %".199", i64 1
  %".244" = bitcast float* %".243" to <8 x float>*
  %".245" = load <8 x float>, <8 x float>* %".244", align 4
  %".246" = getelementptr float, float* %".201", i64 4
  %".247" = load float, float* %".246"
  %".248" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".247", i64 0
  %".249" = shufflevector <8 x float> %".248", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".250" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".249", <8 x float> %".242", <8 x float> %".220")
  %".251" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".249", <8 x float> %".245", <8 x float> %".221")
  %".252" = getelementptr float, float* %".201", i64 5
  %".253" = load float, float* %".252"
  %".254" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".253", i64 0
  %".255" = shufflevector <8 x float> %".254", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".256" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".255", <8 x float> %".242", <8 x float> %".226")
  %".257" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".255", <8 x float> %".245", <8 x float> %".227")
  %".258" = getelementptr float, float* %".201", i64 6
  %".259" = load float, float* %".258"
  %".260" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".259", i64 0
  %".261" = shufflevector <8 x float> %".260", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".262" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".261", <8 x float> %".242", <8 x float> %".232")
  %".263" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".261", <8 x float> %".245", <8 x float> %".233")
  %".264" = getelementptr float, float* %".201", i64 7
  %".265" = load float, float* %".264"
  %".266" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".265", i64 0
  %".267" = shufflevector <8 x float> %".266", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".268" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".267", <8 x float> %".242", <8 x float> %".238")
  %".269" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".267", <8 x float> %".245", <8 x float> %".239")
  %".270" = getelementptr float, float* %".198", i64 2
  %".271" = bitcast float* %".270" to <8 x float>*
  %".272" = load <8 x float>, <8 x float>* %".271", align 4
  %".273" = getelementptr float, float* %".199", i64 2
  %".274" = bitcast float* %".273" to <8 x float>*
  %".275" = load <8 x float>, <8 x float>* %".274", align 4
  %".276" = getelementptr float, float* %".201", i64 8
  %".277" = load float, float* %".276"
  %".278" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".277", i64 0
  %".279" = shufflevector <8 x float> %".278", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".280" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".279", <8 x float> %".272", <8 x float> %".250")
  %".281" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".279", <8 x float> %".275", <8 x float> %".251")
  %".282" = getelementptr float, float* %".201", i64 9
  %".283" = load float, float* %".282"
  %".284" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".283", i64 0
  %".285" = shufflevector <8 x float> %".284", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".286" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".285", <8 x float> %".272", <8 x float> %".256")
  %".287" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".285", <8 x float> %".275", <8 x float> %".257")
  %".288" = getelementptr float, float* %".201", i64 10
  %".289" = load float, float* %".288"
  %".290" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".289", i64 0
  %".291" = shufflevector <8 x float> %".290", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".292" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".291", <8 x float> %".272", <8 x float> %".262")
  %".293" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".291", <8 x float> %".275", <8 x float> %".263")
  %".294" = getelementptr float, float* %".201", i64 11
  %".295" = load float, float* %".294"
  %".296" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".295", i64 0
  %".297" = shufflevector <8 x float> %".296", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".298" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".297", <8 x float> %".272", <8 x float> %".268")
  %".299" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".297", <8 x float> %".275", <8 x float> %".269")
  %".300" = getelementptr float, float* %".198", i64 8
  %".301" = bitcast float* %".300" to <8 x float>*
  %".302" = load <8 x float>, <8 x float>* %".301", align 4
  %".303" = getelementptr float, float* %".199", i64 8
  %".304" = bitcast float* %".303" to <8 x float>*
  %".305" = load <8 x float>, <8 x float>* %".304", align 4
  %".306" = getelementptr float, float* %".201", i64 12
  %".307" = load float, float* %".306"
  %".308" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".307", i64 0
  %".309" = shufflevector <8 x float> %".308", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".310" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".309", <8 x float> %".302", <8 x float> %".280")
  %".311" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".309", <8 x float> %".305", <8 x float> %".281")
  %".312" = getelementptr float, float* %".201", i64 13
  %".313" = load float, float* %".312"
  %".314" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".313", i64 0
  %".315" = shufflevector <8 x float> %".314", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".316" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".315", <8 x float> %".302", <8 x float> %".286")
  %".317" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".315", <8 x float> %".305", <8 x float> %".287")
  %".318" = getelementptr float, float* %".201", i64 14
  %".319" = load float, float* %".318"
  %".320" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".319", i64 0
  %".321" = shufflevector <8 x float> %".320", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".322" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".321", <8 x float> %".302", <8 x float> %".292")
  %".323" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".321", <8 x float> %".305", <8 x float> %".293")
  %".324" = getelementptr float, float* %".201", i64 15
  %".325" = load float, float* %".324"
  %".326" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".325", i64 0
  %".327" = shufflevector <8 x float> %".326", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".328" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".327", <8 x float> %".302", <8 x float> %".298")
  %".329" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".327", <8 x float> %".305", <8 x float> %".299")
  %".330" = getelementptr float, float* %".198", i64 9
  %".331" = bitcast float* %".330" to <8 x float>*
  %".332" = load <8 x float>, <8 x float>* %".331", align 4
  %".333" = getelementptr float, float* %".199", i64 9
  %".334" = bitcast float* %".333" to <8 x float>*
  %".335" = load <8 x float>, <8 x float>* %".334", align 4
  %".336" = getelementptr float, float* %".201", i64 16
  %".337" = load float, float* %".336"
  %".338" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".337", i64 0
  %".339" = shufflevector <8 x float> %".338", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".340" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".339", <8 x float> %".332", <8 x float> %".310")
  %".341" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".339", <8 x float> %".335", <8 x float> %".311")
  %".342" = getelementptr float, float* %".201", i64 17
  %".343" = load float, float* %".342"
  %".344" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".343", i64 0
  %".345" = shufflevector <8 x float> %".344", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".346" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".345", <8 x float> %".332", <8 x float> %".316")
  %".347" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".345", <8 x float> %".335", <8 x float> %".317")
  %".348" = getelementptr float, float* %".201", i64 18
  %".349" = load float, float* %".348"
  %".350" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".349", i64 0
  %".351" = shufflevector <8 x float> %".350", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".352" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".351", <8 x float> %".332", <8 x float> %".322")
  %".353" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".351", <8 x float> %".335", <8 x float> %".323")
  %".354" = getelementptr float, float* %".201", i64 19
  %".355" = load float, float* %".354"
  %".356" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".355", i64 0
  %".357" = shufflevector <8 x float> %".356", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".358" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".357", <8 x float> %".332", <8 x float> %".328")
  %".359" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".357", <8 x float> %".335", <8 x float> %".329")
  %".360" = getelementptr float, float* %".198", i64 10
  %".361" = bitcast float* %".360" to <8 x float>*
  %".362" = load <8 x float>, <8 x float>* %".361", align 4
  %".363" = getelementptr float, float* %".199", i64 10
  %".364" = bitcast float* %".363" to <8 x float>*
  %".365" = load <8 x float>, <8 x float>* %".364", align 4
  %".366" = getelementptr float, float* %".201", i64 20
  %".367" = load float, float* %".366"
  %".368" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".367", i64 0
  %".369" = shufflevector <8 x float> %".368", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".370" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".369", <8 x float> %".362", <8 x float> %".340")
  %".371" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".369", <8 x float> %".365", <8 x float> %".341")
  %".372" = getelementptr float, float* %".201", i64 21
  %".373" = load float, float* %".372"
  %".374" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".373", i64 0
  %".375" = shufflevector <8 x float> %".374", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".376" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".375", <8 x float> %".362", <8 x float> %".346")
  %".377" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".375", <8 x float> %".365", <8 x float> %".347")
  %".378" = getelementptr float, float* %".201", i64 22
  %".379" = load float, float* %".378"
  %".380" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".379", i64 0
  %".381" = shufflevector <8 x float> %".380", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".382" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".381", <8 x float> %".362", <8 x float> %".352")
  %".383" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".381", <8 x float> %".365", <8 x float> %".353")
  %".384" = getelementptr float, float* %".201", i64 23
  %".385" = load float, float* %".384"
  %".386" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".385", i64 0
  %".387" = shufflevector <8 x float> %".386", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".388" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".387", <8 x float> %".362", <8 x float> %".358")
  %".389" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".387", <8 x float> %".365", <8 x float> %".359")
  %".390" = getelementptr float, float* %".198", i64 16
  %".391" = bitcast float* %".390" to <8 x float>*
  %".392" = load <8 x float>, <8 x float>* %".391", align 4
  %".393" = getelementptr float, float* %".199", i64 16
  %".394" = bitcast float* %".393" to <8 x float>*
  %".395" = load <8 x float>, <8 x float>* %".394", align 4
  %".396" = getelementptr float, float* %".201", i64 24
  %".397" = load float, float* %".396"
  %".398" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".397", i64 0
  %".399" = shufflevector <8 x float> %".398", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".400" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".399", <8 x float> %".392", <8 x float> %".370")
  %".401" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".399", <8 x float> %".395", <8 x float> %".371")
  %".402" = getelementptr float, float* %".201", i64 25
  %".403" = load float, float* %".402"
  %".404" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".403", i64 0
  %".405" = shufflevector <8 x float> %".404", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".406" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".405", <8 x float> %".392", <8 x float> %".376")
  %".407" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".405", <8 x float> %".395", <8 x float> %".377")
  %".408" = getelementptr float, float* %".201", i64 26
  %".409" = load float, float* %".408"
  %".410" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".409", i64 0
  %".411" = shufflevector <8 x float> %".410", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".412" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".411", <8 x float> %".392", <8 x float> %".382")
  %".413" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".411", <8 x float> %".395", <8 x float> %".383")
  %".414" = getelementptr float, float* %".201", i64 27
  %".415" = load float, float* %".414"
  %".416" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".415", i64 0
  %".417" = shufflevector <8 x float> %".416", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".418" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".417", <8 x float> %".392", <8 x float> %".388")
  %".419" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".417", <8 x float> %".395", <8 x float> %".389")
  %".420" = getelementptr float, float* %".198", i64 17
  %".421" = bitcast float* %".420" to <8 x float>*
  %".422" = load <8 x float>, <8 x float>* %".421", align 4
  %".423" = getelementptr float, float* %".199", i64 17
  %".424" = bitcast float* %".423" to <8 x float>*
  %".425" = load <8 x float>, <8 x float>* %".424", align 4
  %".426" = getelementptr float, float* %".201", i64 28
  %".427" = load float, float* %".426"
  %".428" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".427", i64 0
  %".429" = shufflevector <8 x float> %".428", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".430" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".429", <8 x float> %".422", <8 x float> %".400")
  %".431" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".429", <8 x float> %".425", <8 x float> %".401")
  %".432" = getelementptr float, float* %".201", i64 29
  %".433" = load float, float* %".432"
  %".434" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".433", i64 0
  %".435" = shufflevector <8 x float> %".434", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".436" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".435", <8 x float> %".422", <8 x float> %".406")
  %".437" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".435", <8 x float> %".425", <8 x float> %".407")
  %".438" = getelementptr float, float* %".201", i64 30
  %".439" = load float, float* %".438"
  %".440" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".439", i64 0
  %".441" = shufflevector <8 x float> %".440", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".442" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".441", <8 x float> %".422", <8 x float> %".412")
  %".443" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".441", <8 x float> %".425", <8 x float> %".413")
  %".444" = getelementptr float, float* %".201", i64 31
  %".445" = load float, float* %".444"
  %".446" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".445", i64 0
  %".447" = shufflevector <8 x float> %".446", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".448" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".447", <8 x float> %".422", <8 x float> %".418")
  %".449" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".447", <8 x float> %".425", <8 x float> %".419")
  %".450" = getelementptr float, float* %".198", i64 18
  %".451" = bitcast float* %".450" to <8 x float>*
  %".452" = load <8 x float>, <8 x float>* %".451", align 4
  %".453" = getelementptr float, float* %".199", i64 18
  %".454" = bitcast float* %".453" to <8 x float>*
  %".455" = load <8 x float>, <8 x float>* %".454", align 4
  %".456" = getelementptr float, float* %".201", i64 32
  %".457" = load float, float* %".456"
  %".458" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".457", i64 0
  %".459" = shufflevector <8 x float> %".458", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".460" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".459", <8 x float> %".452", <8 x float> %".430")
  %".461" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".459", <8 x float> %".455", <8 x float> %".431")
  %".462" = getelementptr float, float* %".201", i64 33
  %".463" = load float, float* %".462"
  %".464" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".463", i64 0
  %".465" = shufflevector <8 x float> %".464", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".466" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".465", <8 x float> %".452", <8 x float> %".436")
  %".467" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".465", <8 x float> %".455", <8 x float> %".437")
  %".468" = getelementptr float, float* %".201", i64 34
  %".469" = load float, float* %".468"
  %".470" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".469", i64 0
  %".471" = shufflevector <8 x float> %".470", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".472" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".471", <8 x float> %".452", <8 x float> %".442")
  %".473" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".471", <8 x float> %".455", <8 x float> %".443")
  %".474" = getelementptr float, float* %".201", i64 35
  %".475" = load float, float* %".474"
  %".476" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".475", i64 0
  %".477" = shufflevector <8 x float> %".476", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".478" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".477", <8 x float> %".452", <8 x float> %".448")
  %".479" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".477", <8 x float> %".455", <8 x float> %".449")
  store <8 x float> %".460", <8 x float>* %".16"
  store <8 x float> %".461", <8 x float>* %".17"
  store <8 x float> %".466", <8 x float>* %".18"
  store <8 x float> %".467", <8 x float>* %".19"
  store <8 x float> %".472", <8 x float>* %".20"
  store <8 x float> %".473", <8 x float>* %".21"
  store <8 x float> %".478", <8 x float>* %".22"
  store <8 x float> %".479", <8 x float>* %".23"
  %".488" = add nsw i64 %".193", 1
  store i64 %".488", i64* %".190"
  br label %"head.5"
done.6:
  %".491" = mul i64 %".117", 4
  %".492" = add i64 %".491", 0
  %".493" = icmp slt i64 %".492", 4
  br i1 %".493", label %"store", label %"stored"
store:
  %".495" = mul i64 %".47", 4
  %".496" = mul i64 %".116", 4
  %".497" = add i64 %".496", %".492"
  %".498" = add i64 %".495", %".497"
  %".499" = mul i64 %".498", 36
  %".500" = getelementptr float, float* %".13", i64 %".499"
  %".501" = load <8 x float>, <8 x float>* %".16"
  %".502" = getelementptr float, float* %".500", i64 %".149"
  %".503" = bitcast float* %".502" to <8 x float>*
  br i1 %".137", label %"store.if", label %"store.else"
stored:
  %".518" = mul i64 %".117", 4
  %".519" = add i64 %".518", 1
  %".520" = icmp slt i64 %".519", 4
  br i1 %".520", label %"store.1", label %"stored.1"
store.if:
  store <8 x float> %".501", <8 x float>* %".503", align 4
  br label %"store.endif"
store.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".501", <8 x float>* %".503", i32 4, <8 x i1> %".143")
  br label %"store.endif"
store.endif:
  %".509" = load <8 x float>, <8 x float>* %".17"
  %".510" = getelementptr float, float* %".500", i64 %".174"
  %".511" = bitcast float* %".510" to <8 x float>*
  br i1 %".162", label %"store.endif.if", label %"store.endif.else"
store.endif.if:
  store <8 x float> %".509", <8 x float>* %".511", align 4
  br label %"store.endif.endif"
store.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".509", <8 x float>* %".511", i32 4, <8 x i1> %".168")
  br label %"store.endif.endif"
store.endif.endif:
  br label %"stored"
store.1:
  %".522" = mul i64 %".47", 4
  %".523" = mul i64 %".116", 4
  %".524" = add i64 %".523", %".519"
  %".525" = add i64 %".522", %".524"
  %".526" = mul i64 %".525", 36
  %".527" = getelementptr float, float* %".13", i64 %".526"
  %".528" = load <8 x float>, <8 x float>* %".18"
  %".529" = getelementptr float, float* %".527", i64 %".149"
  %".530" = bitcast float* %".529" to <8 x float>*
  br i1 %".137", label %"store.1.if", label %"store.1.else"
stored.1:
  %".545" = mul i64 %".117", 4
  %".546" = add i64 %".545", 2
  %".547" = icmp slt i64 %".546", 4
  br i1 %".547", label %"store.2", label %"stored.2"
store.1.if:
  store <8 x float> %".528", <8 x float>* %".530", align 4
  br label %"store.1.endif"
store.1.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".528", <8 x float>* %".530", i32 4, <8 x i1> %".143")
  br label %"store.1.endif"
store.1.endif:
  %".536" = load <8 x float>, <8 x float>* %".19"
  %".537" = getelementptr float, float* %".527", i64 %".174"
  %".538" = bitcast float* %".537" to <8 x float>*
  br i1 %".162", label %"store.1.endif.if", label %"store.1.endif.else"
store.1.endif.if:
  store <8 x float> %".536", <8 x float>* %".538", align 4
  br label %"store.1.endif.endif"
store.1.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".536", <8 x float>* %".538", i32 4, <8 x i1> %".168")
  br label %"store.1.endif.endif"
store.1.endif.endif:
  br label %"stored.1"
store.2:
  %".549" = mul i64 %".47", 4
  %".550" = mul i64 %".116", 4
  %".551" = add i64 %".550", %".546"
  %".552" = add i64 %".549", %".551"
  %".553" = mul i64 %".552", 36
  %".554" = getelementptr float, float* %".13", i64 %".553"
  %".555" = load <8 x float>, <8 x float>* %".20"
  %".556" = getelementptr float, float* %".554", i64 %".149"
  %".557" = bitcast float* %".556" to <8 x float>*
  br i1 %".137", label %"store.2.if", label %"store.2.else"
stored.2:
  %".572" = mul i64 %".117", 4
  %".573" = add i64 %".572", 3
  %".574" = icmp slt i64 %".573", 4
  br i1 %".574", label %"store.3", label %"stored.3"
store.2.if:
  store <8 x float> %".555", <8 x float>* %".557", align 4
  br label %"store.2.endif"
store.2.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".555", <8 x float>* %".557", i32 4, <8 x i1> %".143")
  br label %"store.2.endif"
store.2.endif:
  %".563" = load <8 x float>, <8 x float>* %".21"
  %".564" = getelementptr float, float* %".554", i64 %".174"
  %".565" = bitcast float* %".564" to <8 x float>*
  br i1 %".162", label %"store.2.endif.if", label %"store.2.endif.else"
store.2.endif.if:
  store <8 x float> %".563", <8 x float>* %".565", align 4
  br label %"store.2.endif.endif"
store.2.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".563", <8 x float>* %".565", i32 4, <8 x i1> %".168")
  br label %"store.2.endif.endif"
store.2.endif.endif:
  br label %"stored.2"
store.3:
  %".576" = mul i64 %".47", 4
  %".577" = mul i64 %".116", 4
  %".578" = add i64 %".577", %".573"
  %".579" = add i64 %".576", %".578"
  %".580" = mul i64 %".579", 36
  %".581" = getelementptr float, float* %".13", i64 %".580"
  %".582" = load <8 x float>, <8 x float>* %".22"
  %".583" = getelementptr float, float* %".581", i64 %".149"
  %".584" = bitcast float* %".583" to <8 x float>*
  br i1 %".137", label %"store.3.if", label %"store.3.else"
stored.3:
  %".599" = add nsw i64 %".121", 1
  store i64 %".599", i64* %".118"
  br label %"head.4"
store.3.if:
  store <8 x float> %".582", <8 x float>* %".584", align 4
  br label %"store.3.endif"
store.3.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".582", <8 x float>* %".584", i32 4, <8 x i1> %".143")
  br label %"store.3.endif"
store.3.endif:
  %".590" = load <8 x float>, <8 x float>* %".23"
  %".591" = getelementptr float, float* %".581", i64 %".174"
  %".592" = bitcast float* %".591" to <8 x float>*
  br i1 %".162", label %"store.3.endif.if", label %"store.3.endif.else"
store.3.endif.if:
  store <8 x float> %".590", <8 x float>* %".592", align 4
  br label %"store.3.endif.endif"
store.3.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".590", <8 x float>* %".592", i32 4, <8 x i1> %".168")
  br label %"store.3.endif.endif"
store.3.endif.endif:
  br label %"stored.3"
}

declare <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1", <8 x float> %".2", <8 x float> %".3")

declare void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1", <8 x float>* %".2", i32 %".3", <8 x i1> %".4")

declare i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1")

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

