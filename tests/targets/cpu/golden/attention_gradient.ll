; ModuleID = "golden_attention_gradient"
target triple = "unknown-unknown-unknown"
target datalayout = ""

define internal void @"golden_attention_gradient_body"(i64 %".1", i64 %".2", i64 %".3", i64 %".4", i64 %".5", i64 %".6", i64 %".7", i64 %".8", i64 %".9", i64 %".10", i64 %".11", i64 %".12", i64 %".13", float* noalias %".14", i64 %".15", float* noalias %".16", i64 %".17", float* noalias %".18", i64 %".19", float* noalias %".20", i64 %".21", float* noalias %".22", i64 %".23", i64* noalias %".24", i64 %".25", i64* noalias %".26", i64 %".27", float* noalias %".28", i64 %".29", float* noalias %".30", i64 %".31") noinline
{
entry:
  %".36" = alloca <8 x float>
  %".37" = alloca <8 x float>
  %".38" = alloca <8 x float>
  %".39" = alloca <8 x float>
  %".40" = alloca <8 x float>
  %".41" = alloca <8 x float>
  %".42" = alloca <8 x float>
  %".43" = alloca <8 x float>
  %".44" = alloca <8 x float>
  %".45" = alloca <8 x float>
  %".46" = alloca <8 x float>
  %".47" = alloca <8 x float>
  %".48" = alloca <8 x float>
  %".49" = alloca <8 x float>
  %".50" = alloca <8 x float>
  %".51" = alloca <8 x float>
  %".52" = alloca <8 x float>
  %".53" = alloca <8 x float>
  %".54" = alloca <8 x float>
  %".55" = alloca <8 x float>
  %".66" = alloca i64
  %".118" = alloca i64
  %".131" = alloca i64
  %".139" = alloca i64
  %".279" = alloca i64
  %".292" = alloca i64
  %".300" = alloca i64
  %".450" = alloca i64
  %".460" = alloca i64
  %".462" = alloca i64
  %".464" = alloca i64
  %".495" = alloca i64
  %".503" = alloca i64
  %".655" = alloca i64
  %".891" = alloca i64
  %".902" = alloca <8 x float>
  %".908" = alloca i64
  %".973" = alloca i64
  %".1027" = alloca <8 x float>
  %".1031" = alloca i64
  %".1156" = alloca i64
  %".1210" = alloca i64
  %".1218" = alloca i64
  %".1370" = alloca i64
  %".1612" = alloca i64
  %".1620" = alloca i64
  %".1742" = alloca i64
  %".1920" = alloca i64
  %".1933" = alloca <8 x float>
  %".1937" = alloca i64
  %".1991" = alloca i64
  %".2058" = alloca i64
  %".2122" = alloca i64
  %".2134" = alloca i64
  %".2146" = alloca i64
  %".2267" = alloca i64
  %".2454" = alloca i64
  %".2462" = alloca i64
  %".2584" = alloca i64
  br label %"start"
start:
  %".33" = atomicrmw add i64* %".26", i64 1 monotonic
  %".34" = mul i64 %".33", %".12"
  %".35" = getelementptr float, float* %".28", i64 %".34"
  %".56" = inttoptr i64 %".4" to i64*
  %".57" = icmp sgt i64 %".2", 1
  %".58" = select  i1 %".57", i64 %".2", i64 1
  br label %"item"
item:
  %".60" = atomicrmw add i64* %".56", i64 %".58" monotonic
  %".61" = icmp slt i64 %".60", %".3"
  br i1 %".61", label %"work", label %"done"
work:
  %".63" = add i64 %".60", %".58"
  %".64" = icmp slt i64 %".63", %".3"
  %".65" = select  i1 %".64", i64 %".63", i64 %".3"
  store i64 %".60", i64* %".66"
  br label %"head"
done:
  ret void
head:
  %".69" = load i64, i64* %".66"
  %".70" = icmp slt i64 %".69", %".65"
  br i1 %".70", label %"body", label %"done.1"
body:
  %".72" = add i64 %".6", 23
  %".73" = sdiv i64 %".72", 24
  %".74" = mul i64 %".73", 24
  %".75" = add i64 %".7", 7
  %".76" = sdiv i64 %".75", 8
  %".77" = mul i64 %".76", 8
  %".78" = mul i64 %".5", %".7"
  %".79" = mul i64 %".69", %".78"
  %".80" = getelementptr float, float* %".14", i64 %".79"
  %".81" = mul i64 %".6", %".7"
  %".82" = mul i64 %".69", %".81"
  %".83" = getelementptr float, float* %".16", i64 %".82"
  %".84" = mul i64 %".6", %".8"
  %".85" = mul i64 %".69", %".84"
  %".86" = getelementptr float, float* %".18", i64 %".85"
  %".87" = mul i64 %".5", %".8"
  %".88" = mul i64 %".69", %".87"
  %".89" = getelementptr float, float* %".20", i64 %".88"
  %".90" = mul i64 %".69", %".10"
  %".91" = getelementptr float, float* %".22", i64 %".90"
  %".92" = mul i64 %".69", %".11"
  %".93" = getelementptr i64, i64* %".24", i64 %".92"
  %".94" = mul i64 %".77", 24
  %".95" = mul i64 %".73", %".94"
  %".96" = getelementptr float, float* %".35", i64 %".95"
  %".97" = getelementptr float, float* %".96", i64 %".95"
  %".98" = mul i64 48, %".74"
  %".99" = getelementptr float, float* %".97", i64 %".98"
  %".100" = mul i64 %".5", %".7"
  %".101" = mul i64 %".69", %".100"
  %".102" = getelementptr float, float* %".30", i64 %".101"
  %".103" = mul i64 %".5", %".7"
  %".104" = mul i64 %".3", %".103"
  %".105" = mul i64 %".6", %".7"
  %".106" = mul i64 %".69", %".105"
  %".107" = add i64 %".104", %".106"
  %".108" = getelementptr float, float* %".30", i64 %".107"
  %".109" = mul i64 %".5", %".7"
  %".110" = mul i64 %".3", %".109"
  %".111" = mul i64 %".6", %".7"
  %".112" = mul i64 %".3", %".111"
  %".113" = add i64 %".110", %".112"
  %".114" = mul i64 %".6", %".8"
  %".115" = mul i64 %".69", %".114"
  %".116" = add i64 %".113", %".115"
  %".117" = getelementptr float, float* %".30", i64 %".116"
  store i64 0, i64* %".118"
  br label %"head.1"
done.1:
  br label %"item"
head.1:
  %".121" = load i64, i64* %".118"
  %".122" = icmp slt i64 %".121", %".73"
  br i1 %".122", label %"body.1", label %"done.2"
body.1:
  %".124" = mul i64 %".77", 24
  %".125" = mul i64 %".121", %".124"
  %".126" = getelementptr float, float* %".35", i64 %".125"
  %".127" = mul i64 %".121", 24
  %".128" = add i64 %".7", 7
  %".129" = sdiv i64 %".128", 8
  %".130" = sub i64 %".6", 1
  store i64 0, i64* %".131"
  br label %"head.2"
done.2:
  store i64 0, i64* %".279"
  br label %"head.4"
head.2:
  %".134" = load i64, i64* %".131"
  %".135" = icmp slt i64 %".134", 3
  br i1 %".135", label %"body.2", label %"done.3"
body.2:
  %".137" = mul i64 %".134", 8
  %".138" = add i64 %".127", %".137"
  store i64 0, i64* %".139"
  br label %"head.3"
done.3:
  %".276" = add nsw i64 %".121", 1
  store i64 %".276", i64* %".118"
  br label %"head.1"
head.3:
  %".142" = load i64, i64* %".139"
  %".143" = icmp slt i64 %".142", %".129"
  br i1 %".143", label %"body.3", label %"done.4"
body.3:
  %".145" = mul i64 %".142", 8
  %".146" = add i64 0, %".145"
  %".147" = sub i64 %".7", %".145"
  %".148" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 0, i64 0
  %".149" = shufflevector <8 x i64> %".148", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".150" = add <8 x i64> %".149", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".151" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".147", i64 0
  %".152" = shufflevector <8 x i64> %".151", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".153" = icmp slt <8 x i64> %".150", %".152"
  %".154" = add i64 %".138", 0
  %".155" = icmp slt i64 %".154", %".6"
  %".156" = select  i1 %".155", i64 %".154", i64 %".130"
  %".157" = mul i64 %".156", %".7"
  %".158" = add i64 %".157", %".146"
  %".159" = getelementptr float, float* %".83", i64 %".158"
  %".160" = bitcast float* %".159" to <8 x float>*
  %".161" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".160", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".162" = add i64 %".138", 1
  %".163" = icmp slt i64 %".162", %".6"
  %".164" = select  i1 %".163", i64 %".162", i64 %".130"
  %".165" = mul i64 %".164", %".7"
  %".166" = add i64 %".165", %".146"
  %".167" = getelementptr float, float* %".83", i64 %".166"
  %".168" = bitcast float* %".167" to <8 x float>*
  %".169" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".168", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".170" = add i64 %".138", 2
  %".171" = icmp slt i64 %".170", %".6"
  %".172" = select  i1 %".171", i64 %".170", i64 %".130"
  %".173" = mul i64 %".172", %".7"
  %".174" = add i64 %".173", %".146"
  %".175" = getelementptr float, float* %".83", i64 %".174"
  %".176" = bitcast float* %".175" to <8 x float>*
  %".177" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".176", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".178" = add i64 %".138", 3
  %".179" = icmp slt i64 %".178", %".6"
  %".180" = select  i1 %".179", i64 %".178", i64 %".130"
  %".181" = mul i64 %".180", %".7"
  %".182" = add i64 %".181", %".146"
  %".183" = getelementptr float, float* %".83", i64 %".182"
  %".184" = bitcast float* %".183" to <8 x float>*
  %".185" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".184", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".186" = add i64 %".138", 4
  %".187" = icmp slt i64 %".186", %".6"
  %".188" = select  i1 %".187", i64 %".186", i64 %".130"
  %".189" = mul i64 %".188", %".7"
  %".190" = add i64 %".189", %".146"
  %".191" = getelementptr float, float* %".83", i64 %".190"
  %".192" = bitcast float* %".191" to <8 x float>*
  %".193" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".192", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".194" = add i64 %".138", 5
  %".195" = icmp slt i64 %".194", %".6"
  %".196" = select  i1 %".195", i64 %".194", i64 %".130"
  %".197" = mul i64 %".196", %".7"
  %".198" = add i64 %".197", %".146"
  %".199" = getelementptr float, float* %".83", i64 %".198"
  %".200" = bitcast float* %".199" to <8 x float>*
  %".201" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".200", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".202" = add i64 %".138", 6
  %".203" = icmp slt i64 %".202", %".6"
  %".204" = select  i1 %".203", i64 %".202", i64 %".130"
  %".205" = mul i64 %".204", %".7"
  %".206" = add i64 %".205", %".146"
  %".207" = getelementptr float, float* %".83", i64 %".206"
  %".208" = bitcast float* %".207" to <8 x float>*
  %".209" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".208", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".210" = add i64 %".138", 7
  %".211" = icmp slt i64 %".210", %".6"
  %".212" = select  i1 %".211", i64 %".210", i64 %".130"
  %".213" = mul i64 %".212", %".7"
  %".214" = add i64 %".213", %".146"
  %".215" = getelementptr float, float* %".83", i64 %".214"
  %".216" = bitcast float* %".215" to <8 x float>*
  %".217" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".216", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".218" = mul i64 %".145", 24
  %".219" = mul i64 %".134", 8
  %".220" = add i64 %".218", %".219"
  %".221" = getelementptr float, float* %".126", i64 %".220"
  %".222" = shufflevector <8 x float> %".161", <8 x float> %".193", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".223" = shufflevector <8 x float> %".161", <8 x float> %".193", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".224" = shufflevector <8 x float> %".169", <8 x float> %".201", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".225" = shufflevector <8 x float> %".169", <8 x float> %".201", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".226" = shufflevector <8 x float> %".177", <8 x float> %".209", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".227" = shufflevector <8 x float> %".177", <8 x float> %".209", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".228" = shufflevector <8 x float> %".185", <8 x float> %".217", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".229" = shufflevector <8 x float> %".185", <8 x float> %".217", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".230" = shufflevector <8 x float> %".222", <8 x float> %".226", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".231" = shufflevector <8 x float> %".222", <8 x float> %".226", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".232" = shufflevector <8 x float> %".224", <8 x float> %".228", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".233" = shufflevector <8 x float> %".224", <8 x float> %".228", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".234" = shufflevector <8 x float> %".223", <8 x float> %".227", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".235" = shufflevector <8 x float> %".223", <8 x float> %".227", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".236" = shufflevector <8 x float> %".225", <8 x float> %".229", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".237" = shufflevector <8 x float> %".225", <8 x float> %".229", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".238" = shufflevector <8 x float> %".230", <8 x float> %".232", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".239" = shufflevector <8 x float> %".230", <8 x float> %".232", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".240" = shufflevector <8 x float> %".231", <8 x float> %".233", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".241" = shufflevector <8 x float> %".231", <8 x float> %".233", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".242" = shufflevector <8 x float> %".234", <8 x float> %".236", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".243" = shufflevector <8 x float> %".234", <8 x float> %".236", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".244" = shufflevector <8 x float> %".235", <8 x float> %".237", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".245" = shufflevector <8 x float> %".235", <8 x float> %".237", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".246" = getelementptr float, float* %".221", i64 0
  %".247" = bitcast float* %".246" to <8 x float>*
  store <8 x float> %".238", <8 x float>* %".247", align 32
  %".249" = getelementptr float, float* %".221", i64 24
  %".250" = bitcast float* %".249" to <8 x float>*
  store <8 x float> %".239", <8 x float>* %".250", align 32
  %".252" = getelementptr float, float* %".221", i64 48
  %".253" = bitcast float* %".252" to <8 x float>*
  store <8 x float> %".240", <8 x float>* %".253", align 32
  %".255" = getelementptr float, float* %".221", i64 72
  %".256" = bitcast float* %".255" to <8 x float>*
  store <8 x float> %".241", <8 x float>* %".256", align 32
  %".258" = getelementptr float, float* %".221", i64 96
  %".259" = bitcast float* %".258" to <8 x float>*
  store <8 x float> %".242", <8 x float>* %".259", align 32
  %".261" = getelementptr float, float* %".221", i64 120
  %".262" = bitcast float* %".261" to <8 x float>*
  store <8 x float> %".243", <8 x float>* %".262", align 32
  %".264" = getelementptr float, float* %".221", i64 144
  %".265" = bitcast float* %".264" to <8 x float>*
  store <8 x float> %".244", <8 x float>* %".265", align 32
  %".267" = getelementptr float, float* %".221", i64 168
  %".268" = bitcast float* %".267" to <8 x float>*
  store <8 x float> %".245", <8 x float>* %".268", align 32
  %".270" = add nsw i64 %".142", 1
  store i64 %".270", i64* %".139"
  br label %"head.3"
done.4:
  %".273" = add nsw i64 %".134", 1
  store i64 %".273", i64* %".131"
  br label %"head.2"
head.4:
  %".282" = load i64, i64* %".279"
  %".283" = icmp slt i64 %".282", %".73"
  br i1 %".283", label %"body.4", label %"done.5"
body.4:
  %".285" = mul i64 %".77", 24
  %".286" = mul i64 %".282", %".285"
  %".287" = getelementptr float, float* %".96", i64 %".286"
  %".288" = mul i64 %".282", 24
  %".289" = add i64 %".8", 7
  %".290" = sdiv i64 %".289", 8
  %".291" = sub i64 %".6", 1
  store i64 0, i64* %".292"
  br label %"head.5"
done.5:
  %".440" = mul i64 %".6", %".7"
  %".441" = bitcast float* %".108" to i8*
  %".442" = mul i64 %".440", 4
  call void @"llvm.memset.p0.i64"(i8* %".441", i8 0, i64 %".442", i1 0)
  %".444" = mul i64 %".6", %".8"
  %".445" = bitcast float* %".117" to i8*
  %".446" = mul i64 %".444", 4
  call void @"llvm.memset.p0.i64"(i8* %".445", i8 0, i64 %".446", i1 0)
  %".448" = add i64 %".5", 47
  %".449" = sdiv i64 %".448", 48
  store i64 0, i64* %".450"
  br label %"head.7"
head.5:
  %".295" = load i64, i64* %".292"
  %".296" = icmp slt i64 %".295", 3
  br i1 %".296", label %"body.5", label %"done.6"
body.5:
  %".298" = mul i64 %".295", 8
  %".299" = add i64 %".288", %".298"
  store i64 0, i64* %".300"
  br label %"head.6"
done.6:
  %".437" = add nsw i64 %".282", 1
  store i64 %".437", i64* %".279"
  br label %"head.4"
head.6:
  %".303" = load i64, i64* %".300"
  %".304" = icmp slt i64 %".303", %".290"
  br i1 %".304", label %"body.6", label %"done.7"
body.6:
  %".306" = mul i64 %".303", 8
  %".307" = add i64 0, %".306"
  %".308" = sub i64 %".8", %".306"
  %".309" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 0, i64 0
  %".310" = shufflevector <8 x i64> %".309", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".311" = add <8 x i64> %".310", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".312" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".308", i64 0
  %".313" = shufflevector <8 x i64> %".312", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".314" = icmp slt <8 x i64> %".311", %".313"
  %".315" = add i64 %".299", 0
  %".316" = icmp slt i64 %".315", %".6"
  %".317" = select  i1 %".316", i64 %".315", i64 %".291"
  %".318" = mul i64 %".317", %".8"
  %".319" = add i64 %".318", %".307"
  %".320" = getelementptr float, float* %".86", i64 %".319"
  %".321" = bitcast float* %".320" to <8 x float>*
  %".322" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".321", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".323" = add i64 %".299", 1
  %".324" = icmp slt i64 %".323", %".6"
  %".325" = select  i1 %".324", i64 %".323", i64 %".291"
  %".326" = mul i64 %".325", %".8"
  %".327" = add i64 %".326", %".307"
  %".328" = getelementptr float, float* %".86", i64 %".327"
  %".329" = bitcast float* %".328" to <8 x float>*
  %".330" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".329", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".331" = add i64 %".299", 2
  %".332" = icmp slt i64 %".331", %".6"
  %".333" = select  i1 %".332", i64 %".331", i64 %".291"
  %".334" = mul i64 %".333", %".8"
  %".335" = add i64 %".334", %".307"
  %".336" = getelementptr float, float* %".86", i64 %".335"
  %".337" = bitcast float* %".336" to <8 x float>*
  %".338" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".337", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".339" = add i64 %".299", 3
  %".340" = icmp slt i64 %".339", %".6"
  %".341" = select  i1 %".340", i64 %".339", i64 %".291"
  %".342" = mul i64 %".341", %".8"
  %".343" = add i64 %".342", %".307"
  %".344" = getelementptr float, float* %".86", i64 %".343"
  %".345" = bitcast float* %".344" to <8 x float>*
  %".346" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".345", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".347" = add i64 %".299", 4
  %".348" = icmp slt i64 %".347", %".6"
  %".349" = select  i1 %".348", i64 %".347", i64 %".291"
  %".350" = mul i64 %".349", %".8"
  %".351" = add i64 %".350", %".307"
  %".352" = getelementptr float, float* %".86", i64 %".351"
  %".353" = bitcast float* %".352" to <8 x float>*
  %".354" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".353", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".355" = add i64 %".299", 5
  %".356" = icmp slt i64 %".355", %".6"
  %".357" = select  i1 %".356", i64 %".355", i64 %".291"
  %".358" = mul i64 %".357", %".8"
  %".359" = add i64 %".358", %".307"
  %".360" = getelementptr float, float* %".86", i64 %".359"
  %".361" = bitcast float* %".360" to <8 x float>*
  %".362" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".361", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".363" = add i64 %".299", 6
  %".364" = icmp slt i64 %".363", %".6"
  %".365" = select  i1 %".364", i64 %".363", i64 %".291"
  %".366" = mul i64 %".365", %".8"
  %".367" = add i64 %".366", %".307"
  %".368" = getelementptr float, float* %".86", i64 %".367"
  %".369" = bitcast float* %".368" to <8 x float>*
  %".370" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".369", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".371" = add i64 %".299", 7
  %".372" = icmp slt i64 %".371", %".6"
  %".373" = select  i1 %".372", i64 %".371", i64 %".291"
  %".374" = mul i64 %".373", %".8"
  %".375" = add i64 %".374", %".307"
  %".376" = getelementptr float, float* %".86", i64 %".375"
  %".377" = bitcast float* %".376" to <8 x float>*
  %".378" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".377", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".379" = mul i64 %".306", 24
  %".380" = mul i64 %".295", 8
  %".381" = add i64 %".379", %".380"
  %".382" = getelementptr float, float* %".287", i64 %".381"
  %".383" = shufflevector <8 x float> %".322", <8 x float> %".354", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".384" = shufflevector <8 x float> %".322", <8 x float> %".354", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".385" = shufflevector <8 x float> %".330", <8 x float> %".362", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".386" = shufflevector <8 x float> %".330", <8 x float> %".362", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".387" = shufflevector <8 x float> %".338", <8 x float> %".370", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".388" = shufflevector <8 x float> %".338", <8 x float> %".370", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".389" = shufflevector <8 x float> %".346", <8 x float> %".378", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".390" = shufflevector <8 x float> %".346", <8 x float> %".378", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".391" = shufflevector <8 x float> %".383", <8 x float> %".387", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".392" = shufflevector <8 x float> %".383", <8 x float> %".387", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".393" = shufflevector <8 x float> %".385", <8 x float> %".389", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".394" = shufflevector <8 x float> %".385", <8 x float> %".389", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".395" = shufflevector <8 x float> %".384", <8 x float> %".388", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".396" = shufflevector <8 x float> %".384", <8 x float> %".388", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".397" = shufflevector <8 x float> %".386", <8 x float> %".390", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".398" = shufflevector <8 x float> %".386", <8 x float> %".390", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".399" = shufflevector <8 x float> %".391", <8 x float> %".393", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".400" = shufflevector <8 x float> %".391", <8 x float> %".393", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".401" = shufflevector <8 x float> %".392", <8 x float> %".394", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".402" = shufflevector <8 x float> %".392", <8 x float> %".394", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".403" = shufflevector <8 x float> %".395", <8 x float> %".397", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".404" = shufflevector <8 x float> %".395", <8 x float> %".397", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".405" = shufflevector <8 x float> %".396", <8 x float> %".398", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".406" = shufflevector <8 x float> %".396", <8 x float> %".398", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".407" = getelementptr float, float* %".382", i64 0
  %".408" = bitcast float* %".407" to <8 x float>*
  store <8 x float> %".399", <8 x float>* %".408", align 32
  %".410" = getelementptr float, float* %".382", i64 24
  %".411" = bitcast float* %".410" to <8 x float>*
  store <8 x float> %".400", <8 x float>* %".411", align 32
  %".413" = getelementptr float, float* %".382", i64 48
  %".414" = bitcast float* %".413" to <8 x float>*
  store <8 x float> %".401", <8 x float>* %".414", align 32
  %".416" = getelementptr float, float* %".382", i64 72
  %".417" = bitcast float* %".416" to <8 x float>*
  store <8 x float> %".402", <8 x float>* %".417", align 32
  %".419" = getelementptr float, float* %".382", i64 96
  %".420" = bitcast float* %".419" to <8 x float>*
  store <8 x float> %".403", <8 x float>* %".420", align 32
  %".422" = getelementptr float, float* %".382", i64 120
  %".423" = bitcast float* %".422" to <8 x float>*
  store <8 x float> %".404", <8 x float>* %".423", align 32
  %".425" = getelementptr float, float* %".382", i64 144
  %".426" = bitcast float* %".425" to <8 x float>*
  store <8 x float> %".405", <8 x float>* %".426", align 32
  %".428" = getelementptr float, float* %".382", i64 168
  %".429" = bitcast float* %".428" to <8 x float>*
  store <8 x float> %".406", <8 x float>* %".429", align 32
  %".431" = add nsw i64 %".303", 1
  store i64 %".431", i64* %".300"
  br label %"head.6"
done.7:
  %".434" = add nsw i64 %".295", 1
  store i64 %".434", i64* %".292"
  br label %"head.5"
head.7:
  %".453" = load i64, i64* %".450"
  %".454" = icmp slt i64 %".453", %".449"
  br i1 %".454", label %"body.7", label %"done.8"
body.7:
  %".456" = mul i64 %".453", 48
  %".457" = sub i64 %".5", %".456"
  %".458" = icmp slt i64 48, %".457"
  %".459" = select  i1 %".458", i64 48, i64 %".457"
  store i64 %".6", i64* %".460"
  store i64 0, i64* %".462"
  store i64 0, i64* %".464"
  br label %"head.8"
done.8:
  %".2765" = add nsw i64 %".69", 1
  store i64 %".2765", i64* %".66"
  br label %"head"
head.8:
  %".467" = load i64, i64* %".464"
  %".468" = icmp slt i64 %".467", %".459"
  br i1 %".468", label %"body.8", label %"done.9"
body.8:
  %".470" = add i64 %".456", %".467"
  %".471" = mul i64 %".470", 2
  %".472" = getelementptr i64, i64* %".93", i64 %".471"
  %".473" = load i64, i64* %".460"
  %".474" = load i64, i64* %".472"
  %".475" = icmp slt i64 %".473", %".474"
  %".476" = select  i1 %".475", i64 %".473", i64 %".474"
  store i64 %".476", i64* %".460"
  %".478" = getelementptr i64, i64* %".472", i64 1
  %".479" = load i64, i64* %".478"
  %".480" = load i64, i64* %".462"
  %".481" = icmp sgt i64 %".479", %".480"
  %".482" = load i64, i64* %".462"
  %".483" = select  i1 %".481", i64 %".479", i64 %".482"
  store i64 %".483", i64* %".462"
  %".485" = add nsw i64 %".467", 1
  store i64 %".485", i64* %".464"
  br label %"head.8"
done.9:
  %".488" = load i64, i64* %".460"
  %".489" = load i64, i64* %".462"
  %".490" = mul i64 %".456", %".7"
  %".491" = getelementptr float, float* %".80", i64 %".490"
  %".492" = sdiv i64 %".488", 24
  %".493" = add i64 %".489", 23
  %".494" = sdiv i64 %".493", 24
  store i64 %".492", i64* %".495"
  br label %"head.9"
head.9:
  %".498" = load i64, i64* %".495"
  %".499" = icmp slt i64 %".498", %".494"
  br i1 %".499", label %"body.9", label %"done.10"
body.9:
  %".501" = add i64 %".459", 3
  %".502" = sdiv i64 %".501", 4
  store i64 0, i64* %".503"
  br label %"head.10"
done.10:
  store i64 0, i64* %".891"
  br label %"head.12"
head.10:
  %".506" = load i64, i64* %".503"
  %".507" = icmp slt i64 %".506", %".502"
  br i1 %".507", label %"body.10", label %"done.11"
body.10:
  %".509" = mul i64 %".77", 24
  %".510" = mul i64 %".498", %".509"
  %".511" = getelementptr float, float* %".35", i64 %".510"
  %".512" = mul i64 %".506", 4
  %".513" = mul i64 %".498", 24
  %".514" = icmp sgt i64 0, 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".36"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".37"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".38"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".39"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".40"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".41"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".42"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".43"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".44"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".45"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".46"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".47"
  br i1 %".514", label %"body.10.if", label %"body.10.endif"
done.11:
  %".888" = add nsw i64 %".498", 1
  store i64 %".888", i64* %".495"
  br label %"head.9"
body.10.if:
  %".528" = add i64 %".513", 0
  %".529" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".528", i64 0
  %".530" = shufflevector <8 x i64> %".529", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".531" = add <8 x i64> %".530", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".532" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".533" = shufflevector <8 x i64> %".532", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".534" = icmp slt <8 x i64> %".531", %".533"
  %".535" = add i64 %".513", 8
  %".536" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".535", i64 0
  %".537" = shufflevector <8 x i64> %".536", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".538" = add <8 x i64> %".537", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".539" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".540" = shufflevector <8 x i64> %".539", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".541" = icmp slt <8 x i64> %".538", %".540"
  %".542" = add i64 %".513", 16
  %".543" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".542", i64 0
  %".544" = shufflevector <8 x i64> %".543", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".545" = add <8 x i64> %".544", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".546" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".547" = shufflevector <8 x i64> %".546", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".548" = icmp slt <8 x i64> %".545", %".547"
  %".549" = add i64 %".512", 0
  %".550" = icmp slt i64 %".549", %".459"
  br i1 %".550", label %"body.10.if.if", label %"body.10.if.endif"
body.10.endif:
  %".626" = sub i64 %".459", 1
  %".627" = add i64 %".512", 0
  %".628" = icmp slt i64 %".627", %".459"
  %".629" = select  i1 %".628", i64 %".627", i64 %".626"
  %".630" = mul i64 %".629", %".7"
  %".631" = mul i64 0, 1
  %".632" = add i64 %".630", %".631"
  %".633" = getelementptr float, float* %".491", i64 %".632"
  %".634" = add i64 %".512", 1
  %".635" = icmp slt i64 %".634", %".459"
  %".636" = select  i1 %".635", i64 %".634", i64 %".626"
  %".637" = mul i64 %".636", %".7"
  %".638" = mul i64 0, 1
  %".639" = add i64 %".637", %".638"
  %".640" = getelementptr float, float* %".491", i64 %".639"
  %".641" = add i64 %".512", 2
  %".642" = icmp slt i64 %".641", %".459"
  %".643" = select  i1 %".642", i64 %".641", i64 %".626"
  %".644" = mul i64 %".643", %".7"
  %".645" = mul i64 0, 1
  %".646" = add i64 %".644", %".645"
  %".647" = getelementptr float, float* %".491", i64 %".646"
  %".648" = add i64 %".512", 3
  %".649" = icmp slt i64 %".648", %".459"
  %".650" = select  i1 %".649", i64 %".648", i64 %".626"
  %".651" = mul i64 %".650", %".7"
  %".652" = mul i64 0, 1
  %".653" = add i64 %".651", %".652"
  %".654" = getelementptr float, float* %".491", i64 %".653"
  store i64 0, i64* %".655"
  br label %"head.11"
body.10.if.if:
  %".552" = mul i64 %".549", %".74"
  %".553" = add i64 %".552", %".513"
  %".554" = getelementptr float, float* %".97", i64 %".553"
  %".555" = getelementptr float, float* %".554", i64 0
  %".556" = bitcast float* %".555" to <8 x float>*
  %".557" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".556", i32 4, <8 x i1> %".534", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".557", <8 x float>* %".36"
  %".559" = getelementptr float, float* %".554", i64 8
  %".560" = bitcast float* %".559" to <8 x float>*
  %".561" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".560", i32 4, <8 x i1> %".541", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".561", <8 x float>* %".37"
  %".563" = getelementptr float, float* %".554", i64 16
  %".564" = bitcast float* %".563" to <8 x float>*
  %".565" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".564", i32 4, <8 x i1> %".548", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".565", <8 x float>* %".38"
  br label %"body.10.if.endif"
body.10.if.endif:
  %".568" = add i64 %".512", 1
  %".569" = icmp slt i64 %".568", %".459"
  br i1 %".569", label %"body.10.if.endif.if", label %"body.10.if.endif.endif"
body.10.if.endif.if:
  %".571" = mul i64 %".568", %".74"
  %".572" = add i64 %".571", %".513"
  %".573" = getelementptr float, float* %".97", i64 %".572"
  %".574" = getelementptr float, float* %".573", i64 0
  %".575" = bitcast float* %".574" to <8 x float>*
  %".576" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".575", i32 4, <8 x i1> %".534", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".576", <8 x float>* %".39"
  %".578" = getelementptr float, float* %".573", i64 8
  %".579" = bitcast float* %".578" to <8 x float>*
  %".580" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".579", i32 4, <8 x i1> %".541", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".580", <8 x float>* %".40"
  %".582" = getelementptr float, float* %".573", i64 16
  %".583" = bitcast float* %".582" to <8 x float>*
  %".584" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".583", i32 4, <8 x i1> %".548", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".584", <8 x float>* %".41"
  br label %"body.10.if.endif.endif"
body.10.if.endif.endif:
  %".587" = add i64 %".512", 2
  %".588" = icmp slt i64 %".587", %".459"
  br i1 %".588", label %"body.10.if.endif.endif.if", label %"body.10.if.endif.endif.endif"
body.10.if.endif.endif.if:
  %".590" = mul i64 %".587", %".74"
  %".591" = add i64 %".590", %".513"
  %".592" = getelementptr float, float* %".97", i64 %".591"
  %".593" = getelementptr float, float* %".592", i64 0
  %".594" = bitcast float* %".593" to <8 x float>*
  %".595" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".594", i32 4, <8 x i1> %".534", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".595", <8 x float>* %".42"
  %".597" = getelementptr float, float* %".592", i64 8
  %".598" = bitcast float* %".597" to <8 x float>*
  %".599" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".598", i32 4, <8 x i1> %".541", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".599", <8 x float>* %".43"
  %".601" = getelementptr float, float* %".592", i64 16
  %".602" = bitcast float* %".601" to <8 x float>*
  %".603" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".602", i32 4, <8 x i1> %".548", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".603", <8 x float>* %".44"
  br label %"body.10.if.endif.endif.endif"
body.10.if.endif.endif.endif:
  %".606" = add i64 %".512", 3
  %".607" = icmp slt i64 %".606", %".459"
  br i1 %".607", label %"body.10.if.endif.endif.endif.if", label %"body.10.if.endif.endif.endif.endif"
body.10.if.endif.endif.endif.if:
  %".609" = mul i64 %".606", %".74"
  %".610" = add i64 %".609", %".513"
  %".611" = getelementptr float, float* %".97", i64 %".610"
  %".612" = getelementptr float, float* %".611", i64 0
  %".613" = bitcast float* %".612" to <8 x float>*
  %".614" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".613", i32 4, <8 x i1> %".534", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".614", <8 x float>* %".45"
  %".616" = getelementptr float, float* %".611", i64 8
  %".617" = bitcast float* %".616" to <8 x float>*
  %".618" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".617", i32 4, <8 x i1> %".541", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".618", <8 x float>* %".46"
  %".620" = getelementptr float, float* %".611", i64 16
  %".621" = bitcast float* %".620" to <8 x float>*
  %".622" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".621", i32 4, <8 x i1> %".548", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".622", <8 x float>* %".47"
  br label %"body.10.if.endif.endif.endif.endif"
body.10.if.endif.endif.endif.endif:
  br label %"body.10.endif"
head.11:
  %".658" = load i64, i64* %".655"
  %".659" = icmp slt i64 %".658", %".7"
  br i1 %".659", label %"body.11", label %"done.12"
body.11:
  %".661" = mul i64 %".658", 24
  %".662" = getelementptr float, float* %".511", i64 %".661"
  %".663" = getelementptr float, float* %".662", i64 0
  %".664" = bitcast float* %".663" to <8 x float>*
  %".665" = load <8 x float>, <8 x float>* %".664", align 4
  %".666" = getelementptr float, float* %".662", i64 8
  %".667" = bitcast float* %".666" to <8 x float>*
  %".668" = load <8 x float>, <8 x float>* %".667", align 4
  %".669" = getelementptr float, float* %".662", i64 16
  %".670" = bitcast float* %".669" to <8 x float>*
  %".671" = load <8 x float>, <8 x float>* %".670", align 4
  %".672" = mul i64 %".658", 1
  %".673" = getelementptr float, float* %".633", i64 %".672"
  %".674" = load float, float* %".673"
  %".675" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".674", i64 0
  %".676" = shufflevector <8 x float> %".675", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".677" = load <8 x float>, <8 x float>* %".36"
  %".678" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".676", <8 x float> %".665", <8 x float> %".677")
  store <8 x float> %".678", <8 x float>* %".36"
  %".680" = load <8 x float>, <8 x float>* %".37"
  %".681" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".676", <8 x float> %".668", <8 x float> %".680")
  store <8 x float> %".681", <8 x float>* %".37"
  %".683" = load <8 x float>, <8 x float>* %".38"
  %".684" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".676", <8 x float> %".671", <8 x float> %".683")
  store <8 x float> %".684", <8 x float>* %".38"
  %".686" = getelementptr float, float* %".640", i64 %".672"
  %".687" = load float, float* %".686"
  %".688" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".687", i64 0
  %".689" = shufflevector <8 x float> %".688", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".690" = load <8 x float>, <8 x float>* %".39"
  %".691" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".689", <8 x float> %".665", <8 x float> %".690")
  store <8 x float> %".691", <8 x float>* %".39"
  %".693" = load <8 x float>, <8 x float>* %".40"
  %".694" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".689", <8 x float> %".668", <8 x float> %".693")
  store <8 x float> %".694", <8 x float>* %".40"
  %".696" = load <8 x float>, <8 x float>* %".41"
  %".697" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".689", <8 x float> %".671", <8 x float> %".696")
  store <8 x float> %".697", <8 x float>* %".41"
  %".699" = getelementptr float, float* %".647", i64 %".672"
  %".700" = load float, float* %".699"
  %".701" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".700", i64 0
  %".702" = shufflevector <8 x float> %".701", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".703" = load <8 x float>, <8 x float>* %".42"
  %".704" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".702", <8 x float> %".665", <8 x float> %".703")
  store <8 x float> %".704", <8 x float>* %".42"
  %".706" = load <8 x float>, <8 x float>* %".43"
  %".707" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".702", <8 x float> %".668", <8 x float> %".706")
  store <8 x float> %".707", <8 x float>* %".43"
  %".709" = load <8 x float>, <8 x float>* %".44"
  %".710" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".702", <8 x float> %".671", <8 x float> %".709")
  store <8 x float> %".710", <8 x float>* %".44"
  %".712" = getelementptr float, float* %".654", i64 %".672"
  %".713" = load float, float* %".712"
  %".714" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".713", i64 0
  %".715" = shufflevector <8 x float> %".714", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".716" = load <8 x float>, <8 x float>* %".45"
  %".717" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".715", <8 x float> %".665", <8 x float> %".716")
  store <8 x float> %".717", <8 x float>* %".45"
  %".719" = load <8 x float>, <8 x float>* %".46"
  %".720" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".715", <8 x float> %".668", <8 x float> %".719")
  store <8 x float> %".720", <8 x float>* %".46"
  %".722" = load <8 x float>, <8 x float>* %".47"
  %".723" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".715", <8 x float> %".671", <8 x float> %".722")
  store <8 x float> %".723", <8 x float>* %".47"
  %".725" = add nsw i64 %".658", 1
  store i64 %".725", i64* %".655"
  br label %"head.11"
done.12:
  %".728" = add i64 %".513", 0
  %".729" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".728", i64 0
  %".730" = shufflevector <8 x i64> %".729", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".731" = add <8 x i64> %".730", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".732" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".733" = shufflevector <8 x i64> %".732", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".734" = icmp slt <8 x i64> %".731", %".733"
  %".735" = add i64 %".513", 8
  %".736" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".735", i64 0
  %".737" = shufflevector <8 x i64> %".736", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".738" = add <8 x i64> %".737", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".739" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".740" = shufflevector <8 x i64> %".739", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".741" = icmp slt <8 x i64> %".738", %".740"
  %".742" = add i64 %".513", 16
  %".743" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".742", i64 0
  %".744" = shufflevector <8 x i64> %".743", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".745" = add <8 x i64> %".744", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".746" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".747" = shufflevector <8 x i64> %".746", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".748" = icmp slt <8 x i64> %".745", %".747"
  %".749" = add i64 %".512", 0
  %".750" = icmp slt i64 %".749", %".459"
  br i1 %".750", label %"done.12.if", label %"done.12.endif"
done.12.if:
  %".752" = mul i64 %".749", %".74"
  %".753" = add i64 %".752", %".513"
  %".754" = getelementptr float, float* %".97", i64 %".753"
  %".755" = getelementptr float, float* %".754", i64 0
  %".756" = bitcast float* %".755" to <8 x float>*
  %".757" = load <8 x float>, <8 x float>* %".36"
  %".758" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".734")
  br i1 %".758", label %"done.12.if.if", label %"done.12.if.else"
done.12.endif:
  %".783" = add i64 %".512", 1
  %".784" = icmp slt i64 %".783", %".459"
  br i1 %".784", label %"done.12.endif.if", label %"done.12.endif.endif"
done.12.if.if:
  store <8 x float> %".757", <8 x float>* %".756", align 4
  br label %"done.12.if.endif"
done.12.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".757", <8 x float>* %".756", i32 4, <8 x i1> %".734")
  br label %"done.12.if.endif"
done.12.if.endif:
  %".764" = getelementptr float, float* %".754", i64 8
  %".765" = bitcast float* %".764" to <8 x float>*
  %".766" = load <8 x float>, <8 x float>* %".37"
  %".767" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".741")
  br i1 %".767", label %"done.12.if.endif.if", label %"done.12.if.endif.else"
done.12.if.endif.if:
  store <8 x float> %".766", <8 x float>* %".765", align 4
  br label %"done.12.if.endif.endif"
done.12.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".766", <8 x float>* %".765", i32 4, <8 x i1> %".741")
  br label %"done.12.if.endif.endif"
done.12.if.endif.endif:
  %".773" = getelementptr float, float* %".754", i64 16
  %".774" = bitcast float* %".773" to <8 x float>*
  %".775" = load <8 x float>, <8 x float>* %".38"
  %".776" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".748")
  br i1 %".776", label %"done.12.if.endif.endif.if", label %"done.12.if.endif.endif.else"
done.12.if.endif.endif.if:
  store <8 x float> %".775", <8 x float>* %".774", align 4
  br label %"done.12.if.endif.endif.endif"
done.12.if.endif.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".775", <8 x float>* %".774", i32 4, <8 x i1> %".748")
  br label %"done.12.if.endif.endif.endif"
done.12.if.endif.endif.endif:
  br label %"done.12.endif"
done.12.endif.if:
  %".786" = mul i64 %".783", %".74"
  %".787" = add i64 %".786", %".513"
  %".788" = getelementptr float, float* %".97", i64 %".787"
  %".789" = getelementptr float, float* %".788", i64 0
  %".790" = bitcast float* %".789" to <8 x float>*
  %".791" = load <8 x float>, <8 x float>* %".39"
  %".792" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".734")
  br i1 %".792", label %"done.12.endif.if.if", label %"done.12.endif.if.else"
done.12.endif.endif:
  %".817" = add i64 %".512", 2
  %".818" = icmp slt i64 %".817", %".459"
  br i1 %".818", label %"done.12.endif.endif.if", label %"done.12.endif.endif.endif"
done.12.endif.if.if:
  store <8 x float> %".791", <8 x float>* %".790", align 4
  br label %"done.12.endif.if.endif"
done.12.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".791", <8 x float>* %".790", i32 4, <8 x i1> %".734")
  br label %"done.12.endif.if.endif"
done.12.endif.if.endif:
  %".798" = getelementptr float, float* %".788", i64 8
  %".799" = bitcast float* %".798" to <8 x float>*
  %".800" = load <8 x float>, <8 x float>* %".40"
  %".801" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".741")
  br i1 %".801", label %"done.12.endif.if.endif.if", label %"done.12.endif.if.endif.else"
done.12.endif.if.endif.if:
  store <8 x float> %".800", <8 x float>* %".799", align 4
  br label %"done.12.endif.if.endif.endif"
done.12.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".800", <8 x float>* %".799", i32 4, <8 x i1> %".741")
  br label %"done.12.endif.if.endif.endif"
done.12.endif.if.endif.endif:
  %".807" = getelementptr float, float* %".788", i64 16
  %".808" = bitcast float* %".807" to <8 x float>*
  %".809" = load <8 x float>, <8 x float>* %".41"
  %".810" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".748")
  br i1 %".810", label %"done.12.endif.if.endif.endif.if", label %"done.12.endif.if.endif.endif.else"
done.12.endif.if.endif.endif.if:
  store <8 x float> %".809", <8 x float>* %".808", align 4
  br label %"done.12.endif.if.endif.endif.endif"
done.12.endif.if.endif.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".809", <8 x float>* %".808", i32 4, <8 x i1> %".748")
  br label %"done.12.endif.if.endif.endif.endif"
done.12.endif.if.endif.endif.endif:
  br label %"done.12.endif.endif"
done.12.endif.endif.if:
  %".820" = mul i64 %".817", %".74"
  %".821" = add i64 %".820", %".513"
  %".822" = getelementptr float, float* %".97", i64 %".821"
  %".823" = getelementptr float, float* %".822", i64 0
  %".824" = bitcast float* %".823" to <8 x float>*
  %".825" = load <8 x float>, <8 x float>* %".42"
  %".826" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".734")
  br i1 %".826", label %"done.12.endif.endif.if.if", label %"done.12.endif.endif.if.else"
done.12.endif.endif.endif:
  %".851" = add i64 %".512", 3
  %".852" = icmp slt i64 %".851", %".459"
  br i1 %".852", label %"done.12.endif.endif.endif.if", label %"done.12.endif.endif.endif.endif"
done.12.endif.endif.if.if:
  store <8 x float> %".825", <8 x float>* %".824", align 4
  br label %"done.12.endif.endif.if.endif"
done.12.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".825", <8 x float>* %".824", i32 4, <8 x i1> %".734")
  br label %"done.12.endif.endif.if.endif"
done.12.endif.endif.if.endif:
  %".832" = getelementptr float, float* %".822", i64 8
  %".833" = bitcast float* %".832" to <8 x float>*
  %".834" = load <8 x float>, <8 x float>* %".43"
  %".835" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".741")
  br i1 %".835", label %"done.12.endif.endif.if.endif.if", label %"done.12.endif.endif.if.endif.else"
done.12.endif.endif.if.endif.if:
  store <8 x float> %".834", <8 x float>* %".833", align 4
  br label %"done.12.endif.endif.if.endif.endif"
done.12.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".834", <8 x float>* %".833", i32 4, <8 x i1> %".741")
  br label %"done.12.endif.endif.if.endif.endif"
done.12.endif.endif.if.endif.endif:
  %".841" = getelementptr float, float* %".822", i64 16
  %".842" = bitcast float* %".841" to <8 x float>*
  %".843" = load <8 x float>, <8 x float>* %".44"
  %".844" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".748")
  br i1 %".844", label %"done.12.endif.endif.if.endif.endif.if", label %"done.12.endif.endif.if.endif.endif.else"
done.12.endif.endif.if.endif.endif.if:
  store <8 x float> %".843", <8 x float>* %".842", align 4
  br label %"done.12.endif.endif.if.endif.endif.endif"
done.12.endif.endif.if.endif.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".843", <8 x float>* %".842", i32 4, <8 x i1> %".748")
  br label %"done.12.endif.endif.if.endif.endif.endif"
done.12.endif.endif.if.endif.endif.endif:
  br label %"done.12.endif.endif.endif"
done.12.endif.endif.endif.if:
  %".854" = mul i64 %".851", %".74"
  %".855" = add i64 %".854", %".513"
  %".856" = getelementptr float, float* %".97", i64 %".855"
  %".857" = getelementptr float, float* %".856", i64 0
  %".858" = bitcast float* %".857" to <8 x float>*
  %".859" = load <8 x float>, <8 x float>* %".45"
  %".860" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".734")
  br i1 %".860", label %"done.12.endif.endif.endif.if.if", label %"done.12.endif.endif.endif.if.else"
done.12.endif.endif.endif.endif:
  %".885" = add nsw i64 %".506", 1
  store i64 %".885", i64* %".503"
  br label %"head.10"
done.12.endif.endif.endif.if.if:
  store <8 x float> %".859", <8 x float>* %".858", align 4
  br label %"done.12.endif.endif.endif.if.endif"
done.12.endif.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".859", <8 x float>* %".858", i32 4, <8 x i1> %".734")
  br label %"done.12.endif.endif.endif.if.endif"
done.12.endif.endif.endif.if.endif:
  %".866" = getelementptr float, float* %".856", i64 8
  %".867" = bitcast float* %".866" to <8 x float>*
  %".868" = load <8 x float>, <8 x float>* %".46"
  %".869" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".741")
  br i1 %".869", label %"done.12.endif.endif.endif.if.endif.if", label %"done.12.endif.endif.endif.if.endif.else"
done.12.endif.endif.endif.if.endif.if:
  store <8 x float> %".868", <8 x float>* %".867", align 4
  br label %"done.12.endif.endif.endif.if.endif.endif"
done.12.endif.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".868", <8 x float>* %".867", i32 4, <8 x i1> %".741")
  br label %"done.12.endif.endif.endif.if.endif.endif"
done.12.endif.endif.endif.if.endif.endif:
  %".875" = getelementptr float, float* %".856", i64 16
  %".876" = bitcast float* %".875" to <8 x float>*
  %".877" = load <8 x float>, <8 x float>* %".47"
  %".878" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".748")
  br i1 %".878", label %"done.12.endif.endif.endif.if.endif.endif.if", label %"done.12.endif.endif.endif.if.endif.endif.else"
done.12.endif.endif.endif.if.endif.endif.if:
  store <8 x float> %".877", <8 x float>* %".876", align 4
  br label %"done.12.endif.endif.endif.if.endif.endif.endif"
done.12.endif.endif.endif.if.endif.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".877", <8 x float>* %".876", i32 4, <8 x i1> %".748")
  br label %"done.12.endif.endif.endif.if.endif.endif.endif"
done.12.endif.endif.endif.if.endif.endif.endif:
  br label %"done.12.endif.endif.endif.endif"
head.12:
  %".894" = load i64, i64* %".891"
  %".895" = icmp slt i64 %".894", %".459"
  br i1 %".895", label %"body.12", label %"done.13"
body.12:
  %".897" = mul i64 %".894", %".74"
  %".898" = getelementptr float, float* %".97", i64 %".897"
  %".899" = add i64 %".456", %".894"
  %".900" = mul i64 %".899", %".6"
  %".901" = getelementptr float, float* %".91", i64 %".900"
  store <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>, <8 x float>* %".902"
  %".904" = icmp ne i64 %".9", 0
  br i1 %".904", label %"body.12.if", label %"body.12.else"
done.13:
  %".1205" = mul i64 %".456", %".8"
  %".1206" = getelementptr float, float* %".89", i64 %".1205"
  %".1207" = sdiv i64 %".488", 24
  %".1208" = add i64 %".489", 23
  %".1209" = sdiv i64 %".1208", 24
  store i64 %".1207", i64* %".1210"
  br label %"head.17"
body.12.if:
  %".906" = sub i64 %".489", %".488"
  %".907" = sdiv i64 %".906", 8
  store i64 0, i64* %".908"
  br label %"head.13"
body.12.else:
  %".971" = sub i64 %".489", %".488"
  %".972" = sdiv i64 %".971", 8
  store i64 0, i64* %".973"
  br label %"head.14"
body.12.endif:
  %".1010" = load <8 x float>, <8 x float>* %".902"
  %".1011" = shufflevector <8 x float> %".1010", <8 x float> %".1010", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 4, i32 5, i32 6, i32 7>
  %".1012" = fcmp ogt <8 x float> %".1011", %".1010"
  %".1013" = select  <8 x i1> %".1012", <8 x float> %".1011", <8 x float> %".1010"
  %".1014" = shufflevector <8 x float> %".1013", <8 x float> %".1013", <8 x i32> <i32 2, i32 3, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1015" = fcmp ogt <8 x float> %".1014", %".1013"
  %".1016" = select  <8 x i1> %".1015", <8 x float> %".1014", <8 x float> %".1013"
  %".1017" = shufflevector <8 x float> %".1016", <8 x float> %".1016", <8 x i32> <i32 1, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1018" = fcmp ogt <8 x float> %".1017", %".1016"
  %".1019" = select  <8 x i1> %".1018", <8 x float> %".1017", <8 x float> %".1016"
  %".1020" = extractelement <8 x float> %".1019", i64 0
  %".1021" = fcmp ogt float %".1020", 0xc7efffffe0000000
  %".1022" = select  i1 %".1021", float %".1020", float 0xc7efffffe0000000
  %".1023" = fcmp olt float %".1022", 0x47efffffe0000000
  %".1024" = select  i1 %".1023", float %".1022", float 0x47efffffe0000000
  %".1025" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1024", i64 0
  %".1026" = shufflevector <8 x float> %".1025", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".1027"
  %".1029" = sub i64 %".489", %".488"
  %".1030" = sdiv i64 %".1029", 8
  store i64 0, i64* %".1031"
  br label %"head.15"
head.13:
  %".911" = load i64, i64* %".908"
  %".912" = icmp slt i64 %".911", %".907"
  br i1 %".912", label %"body.13", label %"done.14"
body.13:
  %".914" = mul i64 %".911", 8
  %".915" = add i64 %".488", %".914"
  %".916" = getelementptr float, float* %".898", i64 %".915"
  %".917" = bitcast float* %".916" to <8 x float>*
  %".918" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".917", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".919" = getelementptr float, float* %".901", i64 %".915"
  %".920" = bitcast float* %".919" to <8 x float>*
  %".921" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".920", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".922" = fcmp une <8 x float> %".921", <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".923" = select  <8 x i1> %".922", <8 x float> %".918", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>
  %".924" = getelementptr float, float* %".898", i64 %".915"
  %".925" = bitcast float* %".924" to <8 x float>*
  %".926" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br i1 %".926", label %"body.13.if", label %"body.13.else"
done.14:
  %".939" = mul i64 %".907", 8
  %".940" = add i64 %".488", %".939"
  %".941" = icmp slt i64 %".940", %".489"
  br i1 %".941", label %"done.14.if", label %"done.14.endif"
body.13.if:
  store <8 x float> %".923", <8 x float>* %".925", align 4
  br label %"body.13.endif"
body.13.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".923", <8 x float>* %".925", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br label %"body.13.endif"
body.13.endif:
  %".932" = load <8 x float>, <8 x float>* %".902"
  %".933" = fcmp ogt <8 x float> %".923", %".932"
  %".934" = select  <8 x i1> %".933", <8 x float> %".923", <8 x float> %".932"
  store <8 x float> %".934", <8 x float>* %".902"
  %".936" = add nsw i64 %".911", 1
  store i64 %".936", i64* %".908"
  br label %"head.13"
done.14.if:
  %".943" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".940", i64 0
  %".944" = shufflevector <8 x i64> %".943", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".945" = add <8 x i64> %".944", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".946" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".947" = shufflevector <8 x i64> %".946", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".948" = icmp slt <8 x i64> %".945", %".947"
  %".949" = getelementptr float, float* %".898", i64 %".940"
  %".950" = bitcast float* %".949" to <8 x float>*
  %".951" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".950", i32 4, <8 x i1> %".948", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".952" = getelementptr float, float* %".901", i64 %".940"
  %".953" = bitcast float* %".952" to <8 x float>*
  %".954" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".953", i32 4, <8 x i1> %".948", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".955" = fcmp une <8 x float> %".954", <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".956" = select  <8 x i1> %".955", <8 x float> %".951", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>
  %".957" = getelementptr float, float* %".898", i64 %".940"
  %".958" = bitcast float* %".957" to <8 x float>*
  %".959" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".948")
  br i1 %".959", label %"done.14.if.if", label %"done.14.if.else"
done.14.endif:
  br label %"body.12.endif"
done.14.if.if:
  store <8 x float> %".956", <8 x float>* %".958", align 4
  br label %"done.14.if.endif"
done.14.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".956", <8 x float>* %".958", i32 4, <8 x i1> %".948")
  br label %"done.14.if.endif"
done.14.if.endif:
  %".965" = load <8 x float>, <8 x float>* %".902"
  %".966" = fcmp ogt <8 x float> %".956", %".965"
  %".967" = select  <8 x i1> %".966", <8 x float> %".956", <8 x float> %".965"
  store <8 x float> %".967", <8 x float>* %".902"
  br label %"done.14.endif"
head.14:
  %".976" = load i64, i64* %".973"
  %".977" = icmp slt i64 %".976", %".972"
  br i1 %".977", label %"body.14", label %"done.15"
body.14:
  %".979" = mul i64 %".976", 8
  %".980" = add i64 %".488", %".979"
  %".981" = getelementptr float, float* %".898", i64 %".980"
  %".982" = bitcast float* %".981" to <8 x float>*
  %".983" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".982", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".984" = load <8 x float>, <8 x float>* %".902"
  %".985" = fcmp ogt <8 x float> %".983", %".984"
  %".986" = select  <8 x i1> %".985", <8 x float> %".983", <8 x float> %".984"
  store <8 x float> %".986", <8 x float>* %".902"
  %".988" = add nsw i64 %".976", 1
  store i64 %".988", i64* %".973"
  br label %"head.14"
done.15:
  %".991" = mul i64 %".972", 8
  %".992" = add i64 %".488", %".991"
  %".993" = icmp slt i64 %".992", %".489"
  br i1 %".993", label %"done.15.if", label %"done.15.endif"
done.15.if:
  %".995" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".992", i64 0
  %".996" = shufflevector <8 x i64> %".995", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".997" = add <8 x i64> %".996", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".998" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".999" = shufflevector <8 x i64> %".998", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1000" = icmp slt <8 x i64> %".997", %".999"
  %".1001" = getelementptr float, float* %".898", i64 %".992"
  %".1002" = bitcast float* %".1001" to <8 x float>*
  %".1003" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1002", i32 4, <8 x i1> %".1000", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".1004" = load <8 x float>, <8 x float>* %".902"
  %".1005" = fcmp ogt <8 x float> %".1003", %".1004"
  %".1006" = select  <8 x i1> %".1005", <8 x float> %".1003", <8 x float> %".1004"
  store <8 x float> %".1006", <8 x float>* %".902"
  br label %"done.15.endif"
done.15.endif:
  br label %"body.12.endif"
head.15:
  %".1034" = load i64, i64* %".1031"
  %".1035" = icmp slt i64 %".1034", %".1030"
  br i1 %".1035", label %"body.15", label %"done.16"
body.15:
  %".1037" = mul i64 %".1034", 8
  %".1038" = add i64 %".488", %".1037"
  %".1039" = getelementptr float, float* %".898", i64 %".1038"
  %".1040" = bitcast float* %".1039" to <8 x float>*
  %".1041" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1040", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".1042" = fsub <8 x float> %".1041", %".1026"
  %".1043" = fcmp oeq <8 x float> %".1042", %".1042"
  %".1044" = fmul <8 x float> %".1042", <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %".1045" = call <8 x float> @"llvm.rint.v8f32"(<8 x float> %".1044")
  %".1046" = select  <8 x i1> %".1043", <8 x float> %".1045", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".1047" = fneg <8 x float> %".1046"
  %".1048" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1047", <8 x float> <float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000>, <8 x float> %".1042")
  %".1049" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1047", <8 x float> <float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000>, <8 x float> %".1048")
  %".1050" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1049", <8 x float> <float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000>, <8 x float> <float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000>)
  %".1051" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1049", <8 x float> %".1050", <8 x float> <float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000>)
  %".1052" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1049", <8 x float> %".1051", <8 x float> <float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000>)
  %".1053" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1049", <8 x float> %".1052", <8 x float> <float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000>)
  %".1054" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1049", <8 x float> %".1053", <8 x float> <float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000>)
  %".1055" = fmul <8 x float> %".1049", %".1049"
  %".1056" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1054", <8 x float> %".1055", <8 x float> %".1049")
  %".1057" = fadd <8 x float> %".1056", <float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000>
  %".1058" = fptosi <8 x float> %".1046" to <8 x i32>
  %".1059" = ashr <8 x i32> %".1058", <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %".1060" = sub <8 x i32> %".1058", %".1059"
  %".1061" = add <8 x i32> %".1059", <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %".1062" = shl <8 x i32> %".1061", <i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23>
  %".1063" = bitcast <8 x i32> %".1062" to <8 x float>
  %".1064" = fmul <8 x float> %".1057", %".1063"
  %".1065" = add <8 x i32> %".1060", <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %".1066" = shl <8 x i32> %".1065", <i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23>
  %".1067" = bitcast <8 x i32> %".1066" to <8 x float>
  %".1068" = fmul <8 x float> %".1064", %".1067"
  %".1069" = fcmp olt <8 x float> %".1042", <float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000>
  %".1070" = select  <8 x i1> %".1069", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float> %".1068"
  %".1071" = fcmp ogt <8 x float> %".1042", <float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000>
  %".1072" = select  <8 x i1> %".1071", <8 x float> <float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000>, <8 x float> %".1070"
  %".1073" = getelementptr float, float* %".898", i64 %".1038"
  %".1074" = bitcast float* %".1073" to <8 x float>*
  %".1075" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br i1 %".1075", label %"body.15.if", label %"body.15.else"
done.16:
  %".1087" = mul i64 %".1030", 8
  %".1088" = add i64 %".488", %".1087"
  %".1089" = icmp slt i64 %".1088", %".489"
  br i1 %".1089", label %"done.16.if", label %"done.16.endif"
body.15.if:
  store <8 x float> %".1072", <8 x float>* %".1074", align 4
  br label %"body.15.endif"
body.15.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1072", <8 x float>* %".1074", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br label %"body.15.endif"
body.15.endif:
  %".1081" = load <8 x float>, <8 x float>* %".1027"
  %".1082" = fadd <8 x float> %".1081", %".1072"
  store <8 x float> %".1082", <8 x float>* %".1027"
  %".1084" = add nsw i64 %".1034", 1
  store i64 %".1084", i64* %".1031"
  br label %"head.15"
done.16.if:
  %".1091" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1088", i64 0
  %".1092" = shufflevector <8 x i64> %".1091", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1093" = add <8 x i64> %".1092", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1094" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".1095" = shufflevector <8 x i64> %".1094", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1096" = icmp slt <8 x i64> %".1093", %".1095"
  %".1097" = getelementptr float, float* %".898", i64 %".1088"
  %".1098" = bitcast float* %".1097" to <8 x float>*
  %".1099" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1098", i32 4, <8 x i1> %".1096", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".1100" = fsub <8 x float> %".1099", %".1026"
  %".1101" = fcmp oeq <8 x float> %".1100", %".1100"
  %".1102" = fmul <8 x float> %".1100", <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %".1103" = call <8 x float> @"llvm.rint.v8f32"(<8 x float> %".1102")
  %".1104" = select  <8 x i1> %".1101", <8 x float> %".1103", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".1105" = fneg <8 x float> %".1104"
  %".1106" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1105", <8 x float> <float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000>, <8 x float> %".1100")
  %".1107" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1105", <8 x float> <float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000>, <8 x float> %".1106")
  %".1108" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1107", <8 x float> <float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000>, <8 x float> <float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000>)
  %".1109" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1107", <8 x float> %".1108", <8 x float> <float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000>)
  %".1110" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1107", <8 x float> %".1109", <8 x float> <float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000>)
  %".1111" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1107", <8 x float> %".1110", <8 x float> <float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000>)
  %".1112" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1107", <8 x float> %".1111", <8 x float> <float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000>)
  %".1113" = fmul <8 x float> %".1107", %".1107"
  %".1114" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1112", <8 x float> %".1113", <8 x float> %".1107")
  %".1115" = fadd <8 x float> %".1114", <float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000>
  %".1116" = fptosi <8 x float> %".1104" to <8 x i32>
  %".1117" = ashr <8 x i32> %".1116", <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %".1118" = sub <8 x i32> %".1116", %".1117"
  %".1119" = add <8 x i32> %".1117", <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %".1120" = shl <8 x i32> %".1119", <i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23>
  %".1121" = bitcast <8 x i32> %".1120" to <8 x float>
  %".1122" = fmul <8 x float> %".1115", %".1121"
  %".1123" = add <8 x i32> %".1118", <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %".1124" = shl <8 x i32> %".1123", <i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23>
  %".1125" = bitcast <8 x i32> %".1124" to <8 x float>
  %".1126" = fmul <8 x float> %".1122", %".1125"
  %".1127" = fcmp olt <8 x float> %".1100", <float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000>
  %".1128" = select  <8 x i1> %".1127", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float> %".1126"
  %".1129" = fcmp ogt <8 x float> %".1100", <float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000>
  %".1130" = select  <8 x i1> %".1129", <8 x float> <float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000>, <8 x float> %".1128"
  %".1131" = getelementptr float, float* %".898", i64 %".1088"
  %".1132" = bitcast float* %".1131" to <8 x float>*
  %".1133" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1096")
  br i1 %".1133", label %"done.16.if.if", label %"done.16.if.else"
done.16.endif:
  %".1143" = load <8 x float>, <8 x float>* %".1027"
  %".1144" = shufflevector <8 x float> %".1143", <8 x float> %".1143", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 4, i32 5, i32 6, i32 7>
  %".1145" = fadd <8 x float> %".1143", %".1144"
  %".1146" = shufflevector <8 x float> %".1145", <8 x float> %".1145", <8 x i32> <i32 2, i32 3, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1147" = fadd <8 x float> %".1145", %".1146"
  %".1148" = shufflevector <8 x float> %".1147", <8 x float> %".1147", <8 x i32> <i32 1, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1149" = fadd <8 x float> %".1147", %".1148"
  %".1150" = extractelement <8 x float> %".1149", i64 0
  %".1151" = fdiv float 0x3ff0000000000000, %".1150"
  %".1152" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1151", i64 0
  %".1153" = shufflevector <8 x float> %".1152", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1154" = sub i64 %".489", %".488"
  %".1155" = sdiv i64 %".1154", 8
  store i64 0, i64* %".1156"
  br label %"head.16"
done.16.if.if:
  store <8 x float> %".1130", <8 x float>* %".1132", align 4
  br label %"done.16.if.endif"
done.16.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1130", <8 x float>* %".1132", i32 4, <8 x i1> %".1096")
  br label %"done.16.if.endif"
done.16.if.endif:
  %".1139" = load <8 x float>, <8 x float>* %".1027"
  %".1140" = fadd <8 x float> %".1139", %".1130"
  store <8 x float> %".1140", <8 x float>* %".1027"
  br label %"done.16.endif"
head.16:
  %".1159" = load i64, i64* %".1156"
  %".1160" = icmp slt i64 %".1159", %".1155"
  br i1 %".1160", label %"body.16", label %"done.17"
body.16:
  %".1162" = mul i64 %".1159", 8
  %".1163" = add i64 %".488", %".1162"
  %".1164" = getelementptr float, float* %".898", i64 %".1163"
  %".1165" = bitcast float* %".1164" to <8 x float>*
  %".1166" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1165", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1167" = fmul <8 x float> %".1166", %".1153"
  %".1168" = getelementptr float, float* %".898", i64 %".1163"
  %".1169" = bitcast float* %".1168" to <8 x float>*
  %".1170" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br i1 %".1170", label %"body.16.if", label %"body.16.else"
done.17:
  %".1179" = mul i64 %".1155", 8
  %".1180" = add i64 %".488", %".1179"
  %".1181" = icmp slt i64 %".1180", %".489"
  br i1 %".1181", label %"done.17.if", label %"done.17.endif"
body.16.if:
  store <8 x float> %".1167", <8 x float>* %".1169", align 4
  br label %"body.16.endif"
body.16.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1167", <8 x float>* %".1169", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br label %"body.16.endif"
body.16.endif:
  %".1176" = add nsw i64 %".1159", 1
  store i64 %".1176", i64* %".1156"
  br label %"head.16"
done.17.if:
  %".1183" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1180", i64 0
  %".1184" = shufflevector <8 x i64> %".1183", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1185" = add <8 x i64> %".1184", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1186" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".1187" = shufflevector <8 x i64> %".1186", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1188" = icmp slt <8 x i64> %".1185", %".1187"
  %".1189" = getelementptr float, float* %".898", i64 %".1180"
  %".1190" = bitcast float* %".1189" to <8 x float>*
  %".1191" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1190", i32 4, <8 x i1> %".1188", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1192" = fmul <8 x float> %".1191", %".1153"
  %".1193" = getelementptr float, float* %".898", i64 %".1180"
  %".1194" = bitcast float* %".1193" to <8 x float>*
  %".1195" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1188")
  br i1 %".1195", label %"done.17.if.if", label %"done.17.if.else"
done.17.endif:
  %".1202" = add nsw i64 %".894", 1
  store i64 %".1202", i64* %".891"
  br label %"head.12"
done.17.if.if:
  store <8 x float> %".1192", <8 x float>* %".1194", align 4
  br label %"done.17.if.endif"
done.17.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1192", <8 x float>* %".1194", i32 4, <8 x i1> %".1188")
  br label %"done.17.if.endif"
done.17.if.endif:
  br label %"done.17.endif"
head.17:
  %".1213" = load i64, i64* %".1210"
  %".1214" = icmp slt i64 %".1213", %".1209"
  br i1 %".1214", label %"body.17", label %"done.18"
body.17:
  %".1216" = add i64 %".459", 3
  %".1217" = sdiv i64 %".1216", 4
  store i64 0, i64* %".1218"
  br label %"head.18"
done.18:
  %".1606" = mul i64 %".456", %".8"
  %".1607" = getelementptr float, float* %".89", i64 %".1606"
  %".1608" = sub i64 %".489", %".488"
  %".1609" = add i64 %".1608", 3
  %".1610" = sdiv i64 %".1609", 4
  %".1611" = sdiv i64 %".8", 16
  store i64 0, i64* %".1612"
  br label %"head.20"
head.18:
  %".1221" = load i64, i64* %".1218"
  %".1222" = icmp slt i64 %".1221", %".1217"
  br i1 %".1222", label %"body.18", label %"done.19"
body.18:
  %".1224" = mul i64 %".77", 24
  %".1225" = mul i64 %".1213", %".1224"
  %".1226" = getelementptr float, float* %".96", i64 %".1225"
  %".1227" = mul i64 %".1221", 4
  %".1228" = mul i64 %".1213", 24
  %".1229" = icmp sgt i64 0, 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".36"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".37"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".38"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".39"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".40"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".41"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".42"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".43"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".44"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".45"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".46"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".47"
  br i1 %".1229", label %"body.18.if", label %"body.18.endif"
done.19:
  %".1603" = add nsw i64 %".1213", 1
  store i64 %".1603", i64* %".1210"
  br label %"head.17"
body.18.if:
  %".1243" = add i64 %".1228", 0
  %".1244" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1243", i64 0
  %".1245" = shufflevector <8 x i64> %".1244", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1246" = add <8 x i64> %".1245", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1247" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1248" = shufflevector <8 x i64> %".1247", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1249" = icmp slt <8 x i64> %".1246", %".1248"
  %".1250" = add i64 %".1228", 8
  %".1251" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1250", i64 0
  %".1252" = shufflevector <8 x i64> %".1251", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1253" = add <8 x i64> %".1252", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1254" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1255" = shufflevector <8 x i64> %".1254", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1256" = icmp slt <8 x i64> %".1253", %".1255"
  %".1257" = add i64 %".1228", 16
  %".1258" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1257", i64 0
  %".1259" = shufflevector <8 x i64> %".1258", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1260" = add <8 x i64> %".1259", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1261" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1262" = shufflevector <8 x i64> %".1261", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1263" = icmp slt <8 x i64> %".1260", %".1262"
  %".1264" = add i64 %".1227", 0
  %".1265" = icmp slt i64 %".1264", %".459"
  br i1 %".1265", label %"body.18.if.if", label %"body.18.if.endif"
body.18.endif:
  %".1341" = sub i64 %".459", 1
  %".1342" = add i64 %".1227", 0
  %".1343" = icmp slt i64 %".1342", %".459"
  %".1344" = select  i1 %".1343", i64 %".1342", i64 %".1341"
  %".1345" = mul i64 %".1344", %".8"
  %".1346" = mul i64 0, 1
  %".1347" = add i64 %".1345", %".1346"
  %".1348" = getelementptr float, float* %".1206", i64 %".1347"
  %".1349" = add i64 %".1227", 1
  %".1350" = icmp slt i64 %".1349", %".459"
  %".1351" = select  i1 %".1350", i64 %".1349", i64 %".1341"
  %".1352" = mul i64 %".1351", %".8"
  %".1353" = mul i64 0, 1
  %".1354" = add i64 %".1352", %".1353"
  %".1355" = getelementptr float, float* %".1206", i64 %".1354"
  %".1356" = add i64 %".1227", 2
  %".1357" = icmp slt i64 %".1356", %".459"
  %".1358" = select  i1 %".1357", i64 %".1356", i64 %".1341"
  %".1359" = mul i64 %".1358", %".8"
  %".1360" = mul i64 0, 1
  %".1361" = add i64 %".1359", %".1360"
  %".1362" = getelementptr float, float* %".1206", i64 %".1361"
  %".1363" = add i64 %".1227", 3
  %".1364" = icmp slt i64 %".1363", %".459"
  %".1365" = select  i1 %".1364", i64 %".1363", i64 %".1341"
  %".1366" = mul i64 %".1365", %".8"
  %".1367" = mul i64 0, 1
  %".1368" = add i64 %".1366", %".1367"
  %".1369" = getelementptr float, float* %".1206", i64 %".1368"
  store i64 0, i64* %".1370"
  br label %"head.19"
body.18.if.if:
  %".1267" = mul i64 %".1264", %".74"
  %".1268" = add i64 %".1267", %".1228"
  %".1269" = getelementptr float, float* %".99", i64 %".1268"
  %".1270" = getelementptr float, float* %".1269", i64 0
  %".1271" = bitcast float* %".1270" to <8 x float>*
  %".1272" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1271", i32 4, <8 x i1> %".1249", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1272", <8 x float>* %".36"
  %".1274" = getelementptr float, float* %".1269", i64 8
  %".1275" = bitcast float* %".1274" to <8 x float>*
  %".1276" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1275", i32 4, <8 x i1> %".1256", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1276", <8 x float>* %".37"
  %".1278" = getelementptr float, float* %".1269", i64 16
  %".1279" = bitcast float* %".1278" to <8 x float>*
  %".1280" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1279", i32 4, <8 x i1> %".1263", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1280", <8 x float>* %".38"
  br label %"body.18.if.endif"
body.18.if.endif:
  %".1283" = add i64 %".1227", 1
  %".1284" = icmp slt i64 %".1283", %".459"
  br i1 %".1284", label %"body.18.if.endif.if", label %"body.18.if.endif.endif"
body.18.if.endif.if:
  %".1286" = mul i64 %".1283", %".74"
  %".1287" = add i64 %".1286", %".1228"
  %".1288" = getelementptr float, float* %".99", i64 %".1287"
  %".1289" = getelementptr float, float* %".1288", i64 0
  %".1290" = bitcast float* %".1289" to <8 x float>*
  %".1291" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1290", i32 4, <8 x i1> %".1249", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1291", <8 x float>* %".39"
  %".1293" = getelementptr float, float* %".1288", i64 8
  %".1294" = bitcast float* %".1293" to <8 x float>*
  %".1295" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1294", i32 4, <8 x i1> %".1256", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1295", <8 x float>* %".40"
  %".1297" = getelementptr float, float* %".1288", i64 16
  %".1298" = bitcast float* %".1297" to <8 x float>*
  %".1299" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1298", i32 4, <8 x i1> %".1263", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1299", <8 x float>* %".41"
  br label %"body.18.if.endif.endif"
body.18.if.endif.endif:
  %".1302" = add i64 %".1227", 2
  %".1303" = icmp slt i64 %".1302", %".459"
  br i1 %".1303", label %"body.18.if.endif.endif.if", label %"body.18.if.endif.endif.endif"
body.18.if.endif.endif.if:
  %".1305" = mul i64 %".1302", %".74"
  %".1306" = add i64 %".1305", %".1228"
  %".1307" = getelementptr float, float* %".99", i64 %".1306"
  %".1308" = getelementptr float, float* %".1307", i64 0
  %".1309" = bitcast float* %".1308" to <8 x float>*
  %".1310" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1309", i32 4, <8 x i1> %".1249", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1310", <8 x float>* %".42"
  %".1312" = getelementptr float, float* %".1307", i64 8
  %".1313" = bitcast float* %".1312" to <8 x float>*
  %".1314" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1313", i32 4, <8 x i1> %".1256", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1314", <8 x float>* %".43"
  %".1316" = getelementptr float, float* %".1307", i64 16
  %".1317" = bitcast float* %".1316" to <8 x float>*
  %".1318" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1317", i32 4, <8 x i1> %".1263", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1318", <8 x float>* %".44"
  br label %"body.18.if.endif.endif.endif"
body.18.if.endif.endif.endif:
  %".1321" = add i64 %".1227", 3
  %".1322" = icmp slt i64 %".1321", %".459"
  br i1 %".1322", label %"body.18.if.endif.endif.endif.if", label %"body.18.if.endif.endif.endif.endif"
body.18.if.endif.endif.endif.if:
  %".1324" = mul i64 %".1321", %".74"
  %".1325" = add i64 %".1324", %".1228"
  %".1326" = getelementptr float, float* %".99", i64 %".1325"
  %".1327" = getelementptr float, float* %".1326", i64 0
  %".1328" = bitcast float* %".1327" to <8 x float>*
  %".1329" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1328", i32 4, <8 x i1> %".1249", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1329", <8 x float>* %".45"
  %".1331" = getelementptr float, float* %".1326", i64 8
  %".1332" = bitcast float* %".1331" to <8 x float>*
  %".1333" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1332", i32 4, <8 x i1> %".1256", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1333", <8 x float>* %".46"
  %".1335" = getelementptr float, float* %".1326", i64 16
  %".1336" = bitcast float* %".1335" to <8 x float>*
  %".1337" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1336", i32 4, <8 x i1> %".1263", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1337", <8 x float>* %".47"
  br label %"body.18.if.endif.endif.endif.endif"
body.18.if.endif.endif.endif.endif:
  br label %"body.18.endif"
head.19:
  %".1373" = load i64, i64* %".1370"
  %".1374" = icmp slt i64 %".1373", %".8"
  br i1 %".1374", label %"body.19", label %"done.20"
body.19:
  %".1376" = mul i64 %".1373", 24
  %".1377" = getelementptr float, float* %".1226", i64 %".1376"
  %".1378" = getelementptr float, float* %".1377", i64 0
  %".1379" = bitcast float* %".1378" to <8 x float>*
  %".1380" = load <8 x float>, <8 x float>* %".1379", align 4
  %".1381" = getelementptr float, float* %".1377", i64 8
  %".1382" = bitcast float* %".1381" to <8 x float>*
  %".1383" = load <8 x float>, <8 x float>* %".1382", align 4
  %".1384" = getelementptr float, float* %".1377", i64 16
  %".1385" = bitcast float* %".1384" to <8 x float>*
  %".1386" = load <8 x float>, <8 x float>* %".1385", align 4
  %".1387" = mul i64 %".1373", 1
  %".1388" = getelementptr float, float* %".1348", i64 %".1387"
  %".1389" = load float, float* %".1388"
  %".1390" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1389", i64 0
  %".1391" = shufflevector <8 x float> %".1390", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1392" = load <8 x float>, <8 x float>* %".36"
  %".1393" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1391", <8 x float> %".1380", <8 x float> %".1392")
  store <8 x float> %".1393", <8 x float>* %".36"
  %".1395" = load <8 x float>, <8 x float>* %".37"
  %".1396" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1391", <8 x float> %".1383", <8 x float> %".1395")
  store <8 x float> %".1396", <8 x float>* %".37"
  %".1398" = load <8 x float>, <8 x float>* %".38"
  %".1399" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1391", <8 x float> %".1386", <8 x float> %".1398")
  store <8 x float> %".1399", <8 x float>* %".38"
  %".1401" = getelementptr float, float* %".1355", i64 %".1387"
  %".1402" = load float, float* %".1401"
  %".1403" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1402", i64 0
  %".1404" = shufflevector <8 x float> %".1403", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1405" = load <8 x float>, <8 x float>* %".39"
  %".1406" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1404", <8 x float> %".1380", <8 x float> %".1405")
  store <8 x float> %".1406", <8 x float>* %".39"
  %".1408" = load <8 x float>, <8 x float>* %".40"
  %".1409" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1404", <8 x float> %".1383", <8 x float> %".1408")
  store <8 x float> %".1409", <8 x float>* %".40"
  %".1411" = load <8 x float>, <8 x float>* %".41"
  %".1412" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1404", <8 x float> %".1386", <8 x float> %".1411")
  store <8 x float> %".1412", <8 x float>* %".41"
  %".1414" = getelementptr float, float* %".1362", i64 %".1387"
  %".1415" = load float, float* %".1414"
  %".1416" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1415", i64 0
  %".1417" = shufflevector <8 x float> %".1416", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1418" = load <8 x float>, <8 x float>* %".42"
  %".1419" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1417", <8 x float> %".1380", <8 x float> %".1418")
  store <8 x float> %".1419", <8 x float>* %".42"
  %".1421" = load <8 x float>, <8 x float>* %".43"
  %".1422" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1417", <8 x float> %".1383", <8 x float> %".1421")
  store <8 x float> %".1422", <8 x float>* %".43"
  %".1424" = load <8 x float>, <8 x float>* %".44"
  %".1425" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1417", <8 x float> %".1386", <8 x float> %".1424")
  store <8 x float> %".1425", <8 x float>* %".44"
  %".1427" = getelementptr float, float* %".1369", i64 %".1387"
  %".1428" = load float, float* %".1427"
  %".1429" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1428", i64 0
  %".1430" = shufflevector <8 x float> %".1429", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1431" = load <8 x float>, <8 x float>* %".45"
  %".1432" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1430", <8 x float> %".1380", <8 x float> %".1431")
  store <8 x float> %".1432", <8 x float>* %".45"
  %".1434" = load <8 x float>, <8 x float>* %".46"
  %".1435" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1430", <8 x float> %".1383", <8 x float> %".1434")
  store <8 x float> %".1435", <8 x float>* %".46"
  %".1437" = load <8 x float>, <8 x float>* %".47"
  %".1438" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1430", <8 x float> %".1386", <8 x float> %".1437")
  store <8 x float> %".1438", <8 x float>* %".47"
  %".1440" = add nsw i64 %".1373", 1
  store i64 %".1440", i64* %".1370"
  br label %"head.19"
done.20:
  %".1443" = add i64 %".1228", 0
  %".1444" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1443", i64 0
  %".1445" = shufflevector <8 x i64> %".1444", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1446" = add <8 x i64> %".1445", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1447" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1448" = shufflevector <8 x i64> %".1447", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1449" = icmp slt <8 x i64> %".1446", %".1448"
  %".1450" = add i64 %".1228", 8
  %".1451" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1450", i64 0
  %".1452" = shufflevector <8 x i64> %".1451", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1453" = add <8 x i64> %".1452", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1454" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1455" = shufflevector <8 x i64> %".1454", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1456" = icmp slt <8 x i64> %".1453", %".1455"
  %".1457" = add i64 %".1228", 16
  %".1458" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1457", i64 0
  %".1459" = shufflevector <8 x i64> %".1458", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1460" = add <8 x i64> %".1459", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1461" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1462" = shufflevector <8 x i64> %".1461", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1463" = icmp slt <8 x i64> %".1460", %".1462"
  %".1464" = add i64 %".1227", 0
  %".1465" = icmp slt i64 %".1464", %".459"
  br i1 %".1465", label %"done.20.if", label %"done.20.endif"
done.20.if:
  %".1467" = mul i64 %".1464", %".74"
  %".1468" = add i64 %".1467", %".1228"
  %".1469" = getelementptr float, float* %".99", i64 %".1468"
  %".1470" = getelementptr float, float* %".1469", i64 0
  %".1471" = bitcast float* %".1470" to <8 x float>*
  %".1472" = load <8 x float>, <8 x float>* %".36"
  %".1473" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1449")
  br i1 %".1473", label %"done.20.if.if", label %"done.20.if.else"
done.20.endif:
  %".1498" = add i64 %".1227", 1
  %".1499" = icmp slt i64 %".1498", %".459"
  br i1 %".1499", label %"done.20.endif.if", label %"done.20.endif.endif"
done.20.if.if:
  store <8 x float> %".1472", <8 x float>* %".1471", align 4
  br label %"done.20.if.endif"
done.20.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1472", <8 x float>* %".1471", i32 4, <8 x i1> %".1449")
  br label %"done.20.if.endif"
done.20.if.endif:
  %".1479" = getelementptr float, float* %".1469", i64 8
  %".1480" = bitcast float* %".1479" to <8 x float>*
  %".1481" = load <8 x float>, <8 x float>* %".37"
  %".1482" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1456")
  br i1 %".1482", label %"done.20.if.endif.if", label %"done.20.if.endif.else"
done.20.if.endif.if:
  store <8 x float> %".1481", <8 x float>* %".1480", align 4
  br label %"done.20.if.endif.endif"
done.20.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1481", <8 x float>* %".1480", i32 4, <8 x i1> %".1456")
  br label %"done.20.if.endif.endif"
done.20.if.endif.endif:
  %".1488" = getelementptr float, float* %".1469", i64 16
  %".1489" = bitcast float* %".1488" to <8 x float>*
  %".1490" = load <8 x float>, <8 x float>* %".38"
  %".1491" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1463")
  br i1 %".1491", label %"done.20.if.endif.endif.if", label %"done.20.if.endif.endif.else"
done.20.if.endif.endif.if:
  store <8 x float> %".1490", <8 x float>* %".1489", align 4
  br label %"done.20.if.endif.endif.endif"
done.20.if.endif.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1490", <8 x float>* %".1489", i32 4, <8 x i1> %".1463")
  br label %"done.20.if.endif.endif.endif"
done.20.if.endif.endif.endif:
  br label %"done.20.endif"
done.20.endif.if:
  %".1501" = mul i64 %".1498", %".74"
  %".1502" = add i64 %".1501", %".1228"
  %".1503" = getelementptr float, float* %".99", i64 %".1502"
  %".1504" = getelementptr float, float* %".1503", i64 0
  %".1505" = bitcast float* %".1504" to <8 x float>*
  %".1506" = load <8 x float>, <8 x float>* %".39"
  %".1507" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1449")
  br i1 %".1507", label %"done.20.endif.if.if", label %"done.20.endif.if.else"
done.20.endif.endif:
  %".1532" = add i64 %".1227", 2
  %".1533" = icmp slt i64 %".1532", %".459"
  br i1 %".1533", label %"done.20.endif.endif.if", label %"done.20.endif.endif.endif"
done.20.endif.if.if:
  store <8 x float> %".1506", <8 x float>* %".1505", align 4
  br label %"done.20.endif.if.endif"
done.20.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1506", <8 x float>* %".1505", i32 4, <8 x i1> %".1449")
  br label %"done.20.endif.if.endif"
done.20.endif.if.endif:
  %".1513" = getelementptr float, float* %".1503", i64 8
  %".1514" = bitcast float* %".1513" to <8 x float>*
  %".1515" = load <8 x float>, <8 x float>* %".40"
  %".1516" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1456")
  br i1 %".1516", label %"done.20.endif.if.endif.if", label %"done.20.endif.if.endif.else"
done.20.endif.if.endif.if:
  store <8 x float> %".1515", <8 x float>* %".1514", align 4
  br label %"done.20.endif.if.endif.endif"
done.20.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1515", <8 x float>* %".1514", i32 4, <8 x i1> %".1456")
  br label %"done.20.endif.if.endif.endif"
done.20.endif.if.endif.endif:
  %".1522" = getelementptr float, float* %".1503", i64 16
  %".1523" = bitcast float* %".1522" to <8 x float>*
  %".1524" = load <8 x float>, <8 x float>* %".41"
  %".1525" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1463")
  br i1 %".1525", label %"done.20.endif.if.endif.endif.if", label %"done.20.endif.if.endif.endif.else"
done.20.endif.if.endif.endif.if:
  store <8 x float> %".1524", <8 x float>* %".1523", align 4
  br label %"done.20.endif.if.endif.endif.endif"
done.20.endif.if.endif.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1524", <8 x float>* %".1523", i32 4, <8 x i1> %".1463")
  br label %"done.20.endif.if.endif.endif.endif"
done.20.endif.if.endif.endif.endif:
  br label %"done.20.endif.endif"
done.20.endif.endif.if:
  %".1535" = mul i64 %".1532", %".74"
  %".1536" = add i64 %".1535", %".1228"
  %".1537" = getelementptr float, float* %".99", i64 %".1536"
  %".1538" = getelementptr float, float* %".1537", i64 0
  %".1539" = bitcast float* %".1538" to <8 x float>*
  %".1540" = load <8 x float>, <8 x float>* %".42"
  %".1541" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1449")
  br i1 %".1541", label %"done.20.endif.endif.if.if", label %"done.20.endif.endif.if.else"
done.20.endif.endif.endif:
  %".1566" = add i64 %".1227", 3
  %".1567" = icmp slt i64 %".1566", %".459"
  br i1 %".1567", label %"done.20.endif.endif.endif.if", label %"done.20.endif.endif.endif.endif"
done.20.endif.endif.if.if:
  store <8 x float> %".1540", <8 x float>* %".1539", align 4
  br label %"done.20.endif.endif.if.endif"
done.20.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1540", <8 x float>* %".1539", i32 4, <8 x i1> %".1449")
  br label %"done.20.endif.endif.if.endif"
done.20.endif.endif.if.endif:
  %".1547" = getelementptr float, float* %".1537", i64 8
  %".1548" = bitcast float* %".1547" to <8 x float>*
  %".1549" = load <8 x float>, <8 x float>* %".43"
  %".1550" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1456")
  br i1 %".1550", label %"done.20.endif.endif.if.endif.if", label %"done.20.endif.endif.if.endif.else"
done.20.endif.endif.if.endif.if:
  store <8 x float> %".1549", <8 x float>* %".1548", align 4
  br label %"done.20.endif.endif.if.endif.endif"
done.20.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1549", <8 x float>* %".1548", i32 4, <8 x i1> %".1456")
  br label %"done.20.endif.endif.if.endif.endif"
done.20.endif.endif.if.endif.endif:
  %".1556" = getelementptr float, float* %".1537", i64 16
  %".1557" = bitcast float* %".1556" to <8 x float>*
  %".1558" = load <8 x float>, <8 x float>* %".44"
  %".1559" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1463")
  br i1 %".1559", label %"done.20.endif.endif.if.endif.endif.if", label %"done.20.endif.endif.if.endif.endif.else"
done.20.endif.endif.if.endif.endif.if:
  store <8 x float> %".1558", <8 x float>* %".1557", align 4
  br label %"done.20.endif.endif.if.endif.endif.endif"
done.20.endif.endif.if.endif.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1558", <8 x float>* %".1557", i32 4, <8 x i1> %".1463")
  br label %"done.20.endif.endif.if.endif.endif.endif"
done.20.endif.endif.if.endif.endif.endif:
  br label %"done.20.endif.endif.endif"
done.20.endif.endif.endif.if:
  %".1569" = mul i64 %".1566", %".74"
  %".1570" = add i64 %".1569", %".1228"
  %".1571" = getelementptr float, float* %".99", i64 %".1570"
  %".1572" = getelementptr float, float* %".1571", i64 0
  %".1573" = bitcast float* %".1572" to <8 x float>*
  %".1574" = load <8 x float>, <8 x float>* %".45"
  %".1575" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1449")
  br i1 %".1575", label %"done.20.endif.endif.endif.if.if", label %"done.20.endif.endif.endif.if.else"
done.20.endif.endif.endif.endif:
  %".1600" = add nsw i64 %".1221", 1
  store i64 %".1600", i64* %".1218"
  br label %"head.18"
done.20.endif.endif.endif.if.if:
  store <8 x float> %".1574", <8 x float>* %".1573", align 4
  br label %"done.20.endif.endif.endif.if.endif"
done.20.endif.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1574", <8 x float>* %".1573", i32 4, <8 x i1> %".1449")
  br label %"done.20.endif.endif.endif.if.endif"
done.20.endif.endif.endif.if.endif:
  %".1581" = getelementptr float, float* %".1571", i64 8
  %".1582" = bitcast float* %".1581" to <8 x float>*
  %".1583" = load <8 x float>, <8 x float>* %".46"
  %".1584" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1456")
  br i1 %".1584", label %"done.20.endif.endif.endif.if.endif.if", label %"done.20.endif.endif.endif.if.endif.else"
done.20.endif.endif.endif.if.endif.if:
  store <8 x float> %".1583", <8 x float>* %".1582", align 4
  br label %"done.20.endif.endif.endif.if.endif.endif"
done.20.endif.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1583", <8 x float>* %".1582", i32 4, <8 x i1> %".1456")
  br label %"done.20.endif.endif.endif.if.endif.endif"
done.20.endif.endif.endif.if.endif.endif:
  %".1590" = getelementptr float, float* %".1571", i64 16
  %".1591" = bitcast float* %".1590" to <8 x float>*
  %".1592" = load <8 x float>, <8 x float>* %".47"
  %".1593" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1463")
  br i1 %".1593", label %"done.20.endif.endif.endif.if.endif.endif.if", label %"done.20.endif.endif.endif.if.endif.endif.else"
done.20.endif.endif.endif.if.endif.endif.if:
  store <8 x float> %".1592", <8 x float>* %".1591", align 4
  br label %"done.20.endif.endif.endif.if.endif.endif.endif"
done.20.endif.endif.endif.if.endif.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1592", <8 x float>* %".1591", i32 4, <8 x i1> %".1463")
  br label %"done.20.endif.endif.endif.if.endif.endif.endif"
done.20.endif.endif.endif.if.endif.endif.endif:
  br label %"done.20.endif.endif.endif.endif"
head.20:
  %".1615" = load i64, i64* %".1612"
  %".1616" = icmp slt i64 %".1615", %".1611"
  br i1 %".1616", label %"body.20", label %"done.21"
body.20:
  %".1618" = mul i64 %".1615", 16
  %".1619" = getelementptr float, float* %".1607", i64 %".1618"
  store i64 0, i64* %".1620"
  br label %"head.21"
done.21:
  store i64 0, i64* %".1920"
  br label %"head.23"
head.21:
  %".1623" = load i64, i64* %".1620"
  %".1624" = icmp slt i64 %".1623", %".1610"
  br i1 %".1624", label %"body.21", label %"done.22"
body.21:
  %".1626" = mul i64 %".1623", 4
  %".1627" = add i64 %".488", %".1626"
  %".1628" = icmp sgt i64 1, 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".48"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".49"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".50"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".51"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".52"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".53"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".54"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".55"
  br i1 %".1628", label %"body.21.if", label %"body.21.endif"
done.22:
  %".1917" = add nsw i64 %".1615", 1
  store i64 %".1917", i64* %".1612"
  br label %"head.20"
body.21.if:
  %".1638" = add i64 %".1618", 0
  %".1639" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1638", i64 0
  %".1640" = shufflevector <8 x i64> %".1639", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1641" = add <8 x i64> %".1640", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1642" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".8", i64 0
  %".1643" = shufflevector <8 x i64> %".1642", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1644" = icmp slt <8 x i64> %".1641", %".1643"
  %".1645" = add i64 %".1618", 8
  %".1646" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1645", i64 0
  %".1647" = shufflevector <8 x i64> %".1646", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1648" = add <8 x i64> %".1647", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1649" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".8", i64 0
  %".1650" = shufflevector <8 x i64> %".1649", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1651" = icmp slt <8 x i64> %".1648", %".1650"
  %".1652" = add i64 %".1627", 0
  %".1653" = icmp slt i64 %".1652", %".489"
  br i1 %".1653", label %"body.21.if.if", label %"body.21.if.endif"
body.21.endif:
  %".1713" = sub i64 %".489", 1
  %".1714" = add i64 %".1627", 0
  %".1715" = icmp slt i64 %".1714", %".489"
  %".1716" = select  i1 %".1715", i64 %".1714", i64 %".1713"
  %".1717" = mul i64 %".1716", 1
  %".1718" = mul i64 0, %".74"
  %".1719" = add i64 %".1717", %".1718"
  %".1720" = getelementptr float, float* %".97", i64 %".1719"
  %".1721" = add i64 %".1627", 1
  %".1722" = icmp slt i64 %".1721", %".489"
  %".1723" = select  i1 %".1722", i64 %".1721", i64 %".1713"
  %".1724" = mul i64 %".1723", 1
  %".1725" = mul i64 0, %".74"
  %".1726" = add i64 %".1724", %".1725"
  %".1727" = getelementptr float, float* %".97", i64 %".1726"
  %".1728" = add i64 %".1627", 2
  %".1729" = icmp slt i64 %".1728", %".489"
  %".1730" = select  i1 %".1729", i64 %".1728", i64 %".1713"
  %".1731" = mul i64 %".1730", 1
  %".1732" = mul i64 0, %".74"
  %".1733" = add i64 %".1731", %".1732"
  %".1734" = getelementptr float, float* %".97", i64 %".1733"
  %".1735" = add i64 %".1627", 3
  %".1736" = icmp slt i64 %".1735", %".489"
  %".1737" = select  i1 %".1736", i64 %".1735", i64 %".1713"
  %".1738" = mul i64 %".1737", 1
  %".1739" = mul i64 0, %".74"
  %".1740" = add i64 %".1738", %".1739"
  %".1741" = getelementptr float, float* %".97", i64 %".1740"
  store i64 0, i64* %".1742"
  br label %"head.22"
body.21.if.if:
  %".1655" = mul i64 %".1652", %".8"
  %".1656" = add i64 %".1655", %".1618"
  %".1657" = getelementptr float, float* %".117", i64 %".1656"
  %".1658" = getelementptr float, float* %".1657", i64 0
  %".1659" = bitcast float* %".1658" to <8 x float>*
  %".1660" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1659", i32 4, <8 x i1> %".1644", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1660", <8 x float>* %".48"
  %".1662" = getelementptr float, float* %".1657", i64 8
  %".1663" = bitcast float* %".1662" to <8 x float>*
  %".1664" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1663", i32 4, <8 x i1> %".1651", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1664", <8 x float>* %".49"
  br label %"body.21.if.endif"
body.21.if.endif:
  %".1667" = add i64 %".1627", 1
  %".1668" = icmp slt i64 %".1667", %".489"
  br i1 %".1668", label %"body.21.if.endif.if", label %"body.21.if.endif.endif"
body.21.if.endif.if:
  %".1670" = mul i64 %".1667", %".8"
  %".1671" = add i64 %".1670", %".1618"
  %".1672" = getelementptr float, float* %".117", i64 %".1671"
  %".1673" = getelementptr float, float* %".1672", i64 0
  %".1674" = bitcast float* %".1673" to <8 x float>*
  %".1675" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1674", i32 4, <8 x i1> %".1644", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1675", <8 x float>* %".50"
  %".1677" = getelementptr float, float* %".1672", i64 8
  %".1678" = bitcast float* %".1677" to <8 x float>*
  %".1679" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1678", i32 4, <8 x i1> %".1651", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1679", <8 x float>* %".51"
  br label %"body.21.if.endif.endif"
body.21.if.endif.endif:
  %".1682" = add i64 %".1627", 2
  %".1683" = icmp slt i64 %".1682", %".489"
  br i1 %".1683", label %"body.21.if.endif.endif.if", label %"body.21.if.endif.endif.endif"
body.21.if.endif.endif.if:
  %".1685" = mul i64 %".1682", %".8"
  %".1686" = add i64 %".1685", %".1618"
  %".1687" = getelementptr float, float* %".117", i64 %".1686"
  %".1688" = getelementptr float, float* %".1687", i64 0
  %".1689" = bitcast float* %".1688" to <8 x float>*
  %".1690" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1689", i32 4, <8 x i1> %".1644", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1690", <8 x float>* %".52"
  %".1692" = getelementptr float, float* %".1687", i64 8
  %".1693" = bitcast float* %".1692" to <8 x float>*
  %".1694" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1693", i32 4, <8 x i1> %".1651", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1694", <8 x float>* %".53"
  br label %"body.21.if.endif.endif.endif"
body.21.if.endif.endif.endif:
  %".1697" = add i64 %".1627", 3
  %".1698" = icmp slt i64 %".1697", %".489"
  br i1 %".1698", label %"body.21.if.endif.endif.endif.if", label %"body.21.if.endif.endif.endif.endif"
body.21.if.endif.endif.endif.if:
  %".1700" = mul i64 %".1697", %".8"
  %".1701" = add i64 %".1700", %".1618"
  %".1702" = getelementptr float, float* %".117", i64 %".1701"
  %".1703" = getelementptr float, float* %".1702", i64 0
  %".1704" = bitcast float* %".1703" to <8 x float>*
  %".1705" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1704", i32 4, <8 x i1> %".1644", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1705", <8 x float>* %".54"
  %".1707" = getelementptr float, float* %".1702", i64 8
  %".1708" = bitcast float* %".1707" to <8 x float>*
  %".1709" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1708", i32 4, <8 x i1> %".1651", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1709", <8 x float>* %".55"
  br label %"body.21.if.endif.endif.endif.endif"
body.21.if.endif.endif.endif.endif:
  br label %"body.21.endif"
head.22:
  %".1745" = load i64, i64* %".1742"
  %".1746" = icmp slt i64 %".1745", %".459"
  br i1 %".1746", label %"body.22", label %"done.23"
body.22:
  %".1748" = mul i64 %".1745", %".8"
  %".1749" = getelementptr float, float* %".1619", i64 %".1748"
  %".1750" = getelementptr float, float* %".1749", i64 0
  %".1751" = bitcast float* %".1750" to <8 x float>*
  %".1752" = load <8 x float>, <8 x float>* %".1751", align 4
  %".1753" = getelementptr float, float* %".1749", i64 8
  %".1754" = bitcast float* %".1753" to <8 x float>*
  %".1755" = load <8 x float>, <8 x float>* %".1754", align 4
  %".1756" = mul i64 %".1745", %".74"
  %".1757" = getelementptr float, float* %".1720", i64 %".1756"
  %".1758" = load float, float* %".1757"
  %".1759" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1758", i64 0
  %".1760" = shufflevector <8 x float> %".1759", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1761" = load <8 x float>, <8 x float>* %".48"
  %".1762" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1760", <8 x float> %".1752", <8 x float> %".1761")
  store <8 x float> %".1762", <8 x float>* %".48"
  %".1764" = load <8 x float>, <8 x float>* %".49"
  %".1765" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1760", <8 x float> %".1755", <8 x float> %".1764")
  store <8 x float> %".1765", <8 x float>* %".49"
  %".1767" = getelementptr float, float* %".1727", i64 %".1756"
  %".1768" = load float, float* %".1767"
  %".1769" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1768", i64 0
  %".1770" = shufflevector <8 x float> %".1769", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1771" = load <8 x float>, <8 x float>* %".50"
  %".1772" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1770", <8 x float> %".1752", <8 x float> %".1771")
  store <8 x float> %".1772", <8 x float>* %".50"
  %".1774" = load <8 x float>, <8 x float>* %".51"
  %".1775" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1770", <8 x float> %".1755", <8 x float> %".1774")
  store <8 x float> %".1775", <8 x float>* %".51"
  %".1777" = getelementptr float, float* %".1734", i64 %".1756"
  %".1778" = load float, float* %".1777"
  %".1779" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1778", i64 0
  %".1780" = shufflevector <8 x float> %".1779", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1781" = load <8 x float>, <8 x float>* %".52"
  %".1782" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1780", <8 x float> %".1752", <8 x float> %".1781")
  store <8 x float> %".1782", <8 x float>* %".52"
  %".1784" = load <8 x float>, <8 x float>* %".53"
  %".1785" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1780", <8 x float> %".1755", <8 x float> %".1784")
  store <8 x float> %".1785", <8 x float>* %".53"
  %".1787" = getelementptr float, float* %".1741", i64 %".1756"
  %".1788" = load float, float* %".1787"
  %".1789" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1788", i64 0
  %".1790" = shufflevector <8 x float> %".1789", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1791" = load <8 x float>, <8 x float>* %".54"
  %".1792" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1790", <8 x float> %".1752", <8 x float> %".1791")
  store <8 x float> %".1792", <8 x float>* %".54"
  %".1794" = load <8 x float>, <8 x float>* %".55"
  %".1795" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1790", <8 x float> %".1755", <8 x float> %".1794")
  store <8 x float> %".1795", <8 x float>* %".55"
  %".1797" = add nsw i64 %".1745", 1
  store i64 %".1797", i64* %".1742"
  br label %"head.22"
done.23:
  %".1800" = add i64 %".1618", 0
  %".1801" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1800", i64 0
  %".1802" = shufflevector <8 x i64> %".1801", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1803" = add <8 x i64> %".1802", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1804" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".8", i64 0
  %".1805" = shufflevector <8 x i64> %".1804", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1806" = icmp slt <8 x i64> %".1803", %".1805"
  %".1807" = add i64 %".1618", 8
  %".1808" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1807", i64 0
  %".1809" = shufflevector <8 x i64> %".1808", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1810" = add <8 x i64> %".1809", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1811" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".8", i64 0
  %".1812" = shufflevector <8 x i64> %".1811", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1813" = icmp slt <8 x i64> %".1810", %".1812"
  %".1814" = add i64 %".1627", 0
  %".1815" = icmp slt i64 %".1814", %".489"
  br i1 %".1815", label %"done.23.if", label %"done.23.endif"
done.23.if:
  %".1817" = mul i64 %".1814", %".8"
  %".1818" = add i64 %".1817", %".1618"
  %".1819" = getelementptr float, float* %".117", i64 %".1818"
  %".1820" = getelementptr float, float* %".1819", i64 0
  %".1821" = bitcast float* %".1820" to <8 x float>*
  %".1822" = load <8 x float>, <8 x float>* %".48"
  %".1823" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1806")
  br i1 %".1823", label %"done.23.if.if", label %"done.23.if.else"
done.23.endif:
  %".1839" = add i64 %".1627", 1
  %".1840" = icmp slt i64 %".1839", %".489"
  br i1 %".1840", label %"done.23.endif.if", label %"done.23.endif.endif"
done.23.if.if:
  store <8 x float> %".1822", <8 x float>* %".1821", align 4
  br label %"done.23.if.endif"
done.23.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1822", <8 x float>* %".1821", i32 4, <8 x i1> %".1806")
  br label %"done.23.if.endif"
done.23.if.endif:
  %".1829" = getelementptr float, float* %".1819", i64 8
  %".1830" = bitcast float* %".1829" to <8 x float>*
  %".1831" = load <8 x float>, <8 x float>* %".49"
  %".1832" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1813")
  br i1 %".1832", label %"done.23.if.endif.if", label %"done.23.if.endif.else"
done.23.if.endif.if:
  store <8 x float> %".1831", <8 x float>* %".1830", align 4
  br label %"done.23.if.endif.endif"
done.23.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1831", <8 x float>* %".1830", i32 4, <8 x i1> %".1813")
  br label %"done.23.if.endif.endif"
done.23.if.endif.endif:
  br label %"done.23.endif"
done.23.endif.if:
  %".1842" = mul i64 %".1839", %".8"
  %".1843" = add i64 %".1842", %".1618"
  %".1844" = getelementptr float, float* %".117", i64 %".1843"
  %".1845" = getelementptr float, float* %".1844", i64 0
  %".1846" = bitcast float* %".1845" to <8 x float>*
  %".1847" = load <8 x float>, <8 x float>* %".50"
  %".1848" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1806")
  br i1 %".1848", label %"done.23.endif.if.if", label %"done.23.endif.if.else"
done.23.endif.endif:
  %".1864" = add i64 %".1627", 2
  %".1865" = icmp slt i64 %".1864", %".489"
  br i1 %".1865", label %"done.23.endif.endif.if", label %"done.23.endif.endif.endif"
done.23.endif.if.if:
  store <8 x float> %".1847", <8 x float>* %".1846", align 4
  br label %"done.23.endif.if.endif"
done.23.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1847", <8 x float>* %".1846", i32 4, <8 x i1> %".1806")
  br label %"done.23.endif.if.endif"
done.23.endif.if.endif:
  %".1854" = getelementptr float, float* %".1844", i64 8
  %".1855" = bitcast float* %".1854" to <8 x float>*
  %".1856" = load <8 x float>, <8 x float>* %".51"
  %".1857" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1813")
  br i1 %".1857", label %"done.23.endif.if.endif.if", label %"done.23.endif.if.endif.else"
done.23.endif.if.endif.if:
  store <8 x float> %".1856", <8 x float>* %".1855", align 4
  br label %"done.23.endif.if.endif.endif"
done.23.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1856", <8 x float>* %".1855", i32 4, <8 x i1> %".1813")
  br label %"done.23.endif.if.endif.endif"
done.23.endif.if.endif.endif:
  br label %"done.23.endif.endif"
done.23.endif.endif.if:
  %".1867" = mul i64 %".1864", %".8"
  %".1868" = add i64 %".1867", %".1618"
  %".1869" = getelementptr float, float* %".117", i64 %".1868"
  %".1870" = getelementptr float, float* %".1869", i64 0
  %".1871" = bitcast float* %".1870" to <8 x float>*
  %".1872" = load <8 x float>, <8 x float>* %".52"
  %".1873" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1806")
  br i1 %".1873", label %"done.23.endif.endif.if.if", label %"done.23.endif.endif.if.else"
done.23.endif.endif.endif:
  %".1889" = add i64 %".1627", 3
  %".1890" = icmp slt i64 %".1889", %".489"
  br i1 %".1890", label %"done.23.endif.endif.endif.if", label %"done.23.endif.endif.endif.endif"
done.23.endif.endif.if.if:
  store <8 x float> %".1872", <8 x float>* %".1871", align 4
  br label %"done.23.endif.endif.if.endif"
done.23.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1872", <8 x float>* %".1871", i32 4, <8 x i1> %".1806")
  br label %"done.23.endif.endif.if.endif"
done.23.endif.endif.if.endif:
  %".1879" = getelementptr float, float* %".1869", i64 8
  %".1880" = bitcast float* %".1879" to <8 x float>*
  %".1881" = load <8 x float>, <8 x float>* %".53"
  %".1882" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1813")
  br i1 %".1882", label %"done.23.endif.endif.if.endif.if", label %"done.23.endif.endif.if.endif.else"
done.23.endif.endif.if.endif.if:
  store <8 x float> %".1881", <8 x float>* %".1880", align 4
  br label %"done.23.endif.endif.if.endif.endif"
done.23.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1881", <8 x float>* %".1880", i32 4, <8 x i1> %".1813")
  br label %"done.23.endif.endif.if.endif.endif"
done.23.endif.endif.if.endif.endif:
  br label %"done.23.endif.endif.endif"
done.23.endif.endif.endif.if:
  %".1892" = mul i64 %".1889", %".8"
  %".1893" = add i64 %".1892", %".1618"
  %".1894" = getelementptr float, float* %".117", i64 %".1893"
  %".1895" = getelementptr float, float* %".1894", i64 0
  %".1896" = bitcast float* %".1895" to <8 x float>*
  %".1897" = load <8 x float>, <8 x float>* %".54"
  %".1898" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1806")
  br i1 %".1898", label %"done.23.endif.endif.endif.if.if", label %"done.23.endif.endif.endif.if.else"
done.23.endif.endif.endif.endif:
  %".1914" = add nsw i64 %".1623", 1
  store i64 %".1914", i64* %".1620"
  br label %"head.21"
done.23.endif.endif.endif.if.if:
  store <8 x float> %".1897", <8 x float>* %".1896", align 4
  br label %"done.23.endif.endif.endif.if.endif"
done.23.endif.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1897", <8 x float>* %".1896", i32 4, <8 x i1> %".1806")
  br label %"done.23.endif.endif.endif.if.endif"
done.23.endif.endif.endif.if.endif:
  %".1904" = getelementptr float, float* %".1894", i64 8
  %".1905" = bitcast float* %".1904" to <8 x float>*
  %".1906" = load <8 x float>, <8 x float>* %".55"
  %".1907" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1813")
  br i1 %".1907", label %"done.23.endif.endif.endif.if.endif.if", label %"done.23.endif.endif.endif.if.endif.else"
done.23.endif.endif.endif.if.endif.if:
  store <8 x float> %".1906", <8 x float>* %".1905", align 4
  br label %"done.23.endif.endif.endif.if.endif.endif"
done.23.endif.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1906", <8 x float>* %".1905", i32 4, <8 x i1> %".1813")
  br label %"done.23.endif.endif.endif.if.endif.endif"
done.23.endif.endif.endif.if.endif.endif:
  br label %"done.23.endif.endif.endif.endif"
head.23:
  %".1923" = load i64, i64* %".1920"
  %".1924" = icmp slt i64 %".1923", %".459"
  br i1 %".1924", label %"body.23", label %"done.24"
body.23:
  %".1926" = mul i64 %".1923", %".74"
  %".1927" = getelementptr float, float* %".97", i64 %".1926"
  %".1928" = mul i64 %".1923", %".74"
  %".1929" = getelementptr float, float* %".99", i64 %".1928"
  %".1930" = add i64 %".456", %".1923"
  %".1931" = mul i64 %".1930", %".6"
  %".1932" = getelementptr float, float* %".91", i64 %".1931"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".1933"
  %".1935" = sub i64 %".489", %".488"
  %".1936" = sdiv i64 %".1935", 8
  store i64 0, i64* %".1937"
  br label %"head.24"
done.24:
  %".2116" = mul i64 %".456", %".7"
  %".2117" = getelementptr float, float* %".102", i64 %".2116"
  %".2118" = sub i64 %".489", %".488"
  %".2119" = sub i64 %".13", 1
  %".2120" = add i64 %".2118", %".2119"
  %".2121" = sdiv i64 %".2120", %".13"
  store i64 0, i64* %".2122"
  br label %"head.27"
head.24:
  %".1940" = load i64, i64* %".1937"
  %".1941" = icmp slt i64 %".1940", %".1936"
  br i1 %".1941", label %"body.24", label %"done.25"
body.24:
  %".1943" = mul i64 %".1940", 8
  %".1944" = add i64 %".488", %".1943"
  %".1945" = getelementptr float, float* %".1927", i64 %".1944"
  %".1946" = bitcast float* %".1945" to <8 x float>*
  %".1947" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1946", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1948" = getelementptr float, float* %".1929", i64 %".1944"
  %".1949" = bitcast float* %".1948" to <8 x float>*
  %".1950" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1949", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1951" = load <8 x float>, <8 x float>* %".1933"
  %".1952" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1947", <8 x float> %".1950", <8 x float> %".1951")
  store <8 x float> %".1952", <8 x float>* %".1933"
  %".1954" = add nsw i64 %".1940", 1
  store i64 %".1954", i64* %".1937"
  br label %"head.24"
done.25:
  %".1957" = mul i64 %".1936", 8
  %".1958" = add i64 %".488", %".1957"
  %".1959" = icmp slt i64 %".1958", %".489"
  br i1 %".1959", label %"done.25.if", label %"done.25.endif"
done.25.if:
  %".1961" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1958", i64 0
  %".1962" = shufflevector <8 x i64> %".1961", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1963" = add <8 x i64> %".1962", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1964" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".1965" = shufflevector <8 x i64> %".1964", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1966" = icmp slt <8 x i64> %".1963", %".1965"
  %".1967" = getelementptr float, float* %".1927", i64 %".1958"
  %".1968" = bitcast float* %".1967" to <8 x float>*
  %".1969" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1968", i32 4, <8 x i1> %".1966", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1970" = getelementptr float, float* %".1929", i64 %".1958"
  %".1971" = bitcast float* %".1970" to <8 x float>*
  %".1972" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1971", i32 4, <8 x i1> %".1966", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1973" = load <8 x float>, <8 x float>* %".1933"
  %".1974" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1969", <8 x float> %".1972", <8 x float> %".1973")
  store <8 x float> %".1974", <8 x float>* %".1933"
  br label %"done.25.endif"
done.25.endif:
  %".1977" = load <8 x float>, <8 x float>* %".1933"
  %".1978" = shufflevector <8 x float> %".1977", <8 x float> %".1977", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 4, i32 5, i32 6, i32 7>
  %".1979" = fadd <8 x float> %".1977", %".1978"
  %".1980" = shufflevector <8 x float> %".1979", <8 x float> %".1979", <8 x i32> <i32 2, i32 3, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1981" = fadd <8 x float> %".1979", %".1980"
  %".1982" = shufflevector <8 x float> %".1981", <8 x float> %".1981", <8 x i32> <i32 1, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1983" = fadd <8 x float> %".1981", %".1982"
  %".1984" = extractelement <8 x float> %".1983", i64 0
  %".1985" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1984", i64 0
  %".1986" = shufflevector <8 x float> %".1985", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1987" = icmp ne i64 %".9", 0
  br i1 %".1987", label %"done.25.endif.if", label %"done.25.endif.else"
done.25.endif.if:
  %".1989" = sub i64 %".489", %".488"
  %".1990" = sdiv i64 %".1989", 8
  store i64 0, i64* %".1991"
  br label %"head.25"
done.25.endif.else:
  %".2056" = sub i64 %".489", %".488"
  %".2057" = sdiv i64 %".2056", 8
  store i64 0, i64* %".2058"
  br label %"head.26"
done.25.endif.endif:
  %".2113" = add nsw i64 %".1923", 1
  store i64 %".2113", i64* %".1920"
  br label %"head.23"
head.25:
  %".1994" = load i64, i64* %".1991"
  %".1995" = icmp slt i64 %".1994", %".1990"
  br i1 %".1995", label %"body.25", label %"done.26"
body.25:
  %".1997" = mul i64 %".1994", 8
  %".1998" = add i64 %".488", %".1997"
  %".1999" = getelementptr float, float* %".1927", i64 %".1998"
  %".2000" = bitcast float* %".1999" to <8 x float>*
  %".2001" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2000", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2002" = getelementptr float, float* %".1929", i64 %".1998"
  %".2003" = bitcast float* %".2002" to <8 x float>*
  %".2004" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2003", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2005" = fsub <8 x float> %".2004", %".1986"
  %".2006" = fmul <8 x float> %".2001", %".2005"
  %".2007" = getelementptr float, float* %".1932", i64 %".1998"
  %".2008" = bitcast float* %".2007" to <8 x float>*
  %".2009" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2008", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2010" = fcmp une <8 x float> %".2009", <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".2011" = select  <8 x i1> %".2010", <8 x float> %".2006", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".2012" = getelementptr float, float* %".1929", i64 %".1998"
  %".2013" = bitcast float* %".2012" to <8 x float>*
  %".2014" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br i1 %".2014", label %"body.25.if", label %"body.25.else"
done.26:
  %".2023" = mul i64 %".1990", 8
  %".2024" = add i64 %".488", %".2023"
  %".2025" = icmp slt i64 %".2024", %".489"
  br i1 %".2025", label %"done.26.if", label %"done.26.endif"
body.25.if:
  store <8 x float> %".2011", <8 x float>* %".2013", align 4
  br label %"body.25.endif"
body.25.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2011", <8 x float>* %".2013", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br label %"body.25.endif"
body.25.endif:
  %".2020" = add nsw i64 %".1994", 1
  store i64 %".2020", i64* %".1991"
  br label %"head.25"
done.26.if:
  %".2027" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2024", i64 0
  %".2028" = shufflevector <8 x i64> %".2027", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2029" = add <8 x i64> %".2028", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2030" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".2031" = shufflevector <8 x i64> %".2030", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2032" = icmp slt <8 x i64> %".2029", %".2031"
  %".2033" = getelementptr float, float* %".1927", i64 %".2024"
  %".2034" = bitcast float* %".2033" to <8 x float>*
  %".2035" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2034", i32 4, <8 x i1> %".2032", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2036" = getelementptr float, float* %".1929", i64 %".2024"
  %".2037" = bitcast float* %".2036" to <8 x float>*
  %".2038" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2037", i32 4, <8 x i1> %".2032", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2039" = fsub <8 x float> %".2038", %".1986"
  %".2040" = fmul <8 x float> %".2035", %".2039"
  %".2041" = getelementptr float, float* %".1932", i64 %".2024"
  %".2042" = bitcast float* %".2041" to <8 x float>*
  %".2043" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2042", i32 4, <8 x i1> %".2032", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2044" = fcmp une <8 x float> %".2043", <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".2045" = select  <8 x i1> %".2044", <8 x float> %".2040", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".2046" = getelementptr float, float* %".1929", i64 %".2024"
  %".2047" = bitcast float* %".2046" to <8 x float>*
  %".2048" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2032")
  br i1 %".2048", label %"done.26.if.if", label %"done.26.if.else"
done.26.endif:
  br label %"done.25.endif.endif"
done.26.if.if:
  store <8 x float> %".2045", <8 x float>* %".2047", align 4
  br label %"done.26.if.endif"
done.26.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2045", <8 x float>* %".2047", i32 4, <8 x i1> %".2032")
  br label %"done.26.if.endif"
done.26.if.endif:
  br label %"done.26.endif"
head.26:
  %".2061" = load i64, i64* %".2058"
  %".2062" = icmp slt i64 %".2061", %".2057"
  br i1 %".2062", label %"body.26", label %"done.27"
body.26:
  %".2064" = mul i64 %".2061", 8
  %".2065" = add i64 %".488", %".2064"
  %".2066" = getelementptr float, float* %".1927", i64 %".2065"
  %".2067" = bitcast float* %".2066" to <8 x float>*
  %".2068" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2067", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2069" = getelementptr float, float* %".1929", i64 %".2065"
  %".2070" = bitcast float* %".2069" to <8 x float>*
  %".2071" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2070", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2072" = fsub <8 x float> %".2071", %".1986"
  %".2073" = fmul <8 x float> %".2068", %".2072"
  %".2074" = getelementptr float, float* %".1929", i64 %".2065"
  %".2075" = bitcast float* %".2074" to <8 x float>*
  %".2076" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br i1 %".2076", label %"body.26.if", label %"body.26.else"
done.27:
  %".2085" = mul i64 %".2057", 8
  %".2086" = add i64 %".488", %".2085"
  %".2087" = icmp slt i64 %".2086", %".489"
  br i1 %".2087", label %"done.27.if", label %"done.27.endif"
body.26.if:
  store <8 x float> %".2073", <8 x float>* %".2075", align 4
  br label %"body.26.endif"
body.26.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2073", <8 x float>* %".2075", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  br label %"body.26.endif"
body.26.endif:
  %".2082" = add nsw i64 %".2061", 1
  store i64 %".2082", i64* %".2058"
  br label %"head.26"
done.27.if:
  %".2089" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2086", i64 0
  %".2090" = shufflevector <8 x i64> %".2089", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2091" = add <8 x i64> %".2090", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2092" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".2093" = shufflevector <8 x i64> %".2092", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2094" = icmp slt <8 x i64> %".2091", %".2093"
  %".2095" = getelementptr float, float* %".1927", i64 %".2086"
  %".2096" = bitcast float* %".2095" to <8 x float>*
  %".2097" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2096", i32 4, <8 x i1> %".2094", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2098" = getelementptr float, float* %".1929", i64 %".2086"
  %".2099" = bitcast float* %".2098" to <8 x float>*
  %".2100" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2099", i32 4, <8 x i1> %".2094", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".2101" = fsub <8 x float> %".2100", %".1986"
  %".2102" = fmul <8 x float> %".2097", %".2101"
  %".2103" = getelementptr float, float* %".1929", i64 %".2086"
  %".2104" = bitcast float* %".2103" to <8 x float>*
  %".2105" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2094")
  br i1 %".2105", label %"done.27.if.if", label %"done.27.if.else"
done.27.endif:
  br label %"done.25.endif.endif"
done.27.if.if:
  store <8 x float> %".2102", <8 x float>* %".2104", align 4
  br label %"done.27.if.endif"
done.27.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2102", <8 x float>* %".2104", i32 4, <8 x i1> %".2094")
  br label %"done.27.if.endif"
done.27.if.endif:
  br label %"done.27.endif"
head.27:
  %".2125" = load i64, i64* %".2122"
  %".2126" = icmp slt i64 %".2125", %".2121"
  br i1 %".2126", label %"body.27", label %"done.28"
body.27:
  %".2128" = mul i64 %".2125", %".13"
  %".2129" = add i64 %".488", %".2128"
  %".2130" = sub i64 %".489", %".2129"
  %".2131" = icmp slt i64 %".13", %".2130"
  %".2132" = select  i1 %".2131", i64 %".13", i64 %".2130"
  %".2133" = sdiv i64 %".7", 16
  store i64 0, i64* %".2134"
  br label %"head.28"
done.28:
  %".2448" = mul i64 %".456", %".7"
  %".2449" = getelementptr float, float* %".80", i64 %".2448"
  %".2450" = sub i64 %".489", %".488"
  %".2451" = add i64 %".2450", 3
  %".2452" = sdiv i64 %".2451", 4
  %".2453" = sdiv i64 %".7", 16
  store i64 0, i64* %".2454"
  br label %"head.31"
head.28:
  %".2137" = load i64, i64* %".2134"
  %".2138" = icmp slt i64 %".2137", %".2133"
  br i1 %".2138", label %"body.28", label %"done.29"
body.28:
  %".2140" = mul i64 %".2137", 16
  %".2141" = mul i64 %".2129", %".7"
  %".2142" = add i64 %".2141", %".2140"
  %".2143" = getelementptr float, float* %".83", i64 %".2142"
  %".2144" = add i64 %".459", 3
  %".2145" = sdiv i64 %".2144", 4
  store i64 0, i64* %".2146"
  br label %"head.29"
done.29:
  %".2445" = add nsw i64 %".2125", 1
  store i64 %".2445", i64* %".2122"
  br label %"head.27"
head.29:
  %".2149" = load i64, i64* %".2146"
  %".2150" = icmp slt i64 %".2149", %".2145"
  br i1 %".2150", label %"body.29", label %"done.30"
body.29:
  %".2152" = mul i64 %".2149", 4
  %".2153" = icmp sgt i64 %".2125", 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".48"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".49"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".50"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".51"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".52"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".53"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".54"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".55"
  br i1 %".2153", label %"body.29.if", label %"body.29.endif"
done.30:
  %".2442" = add nsw i64 %".2137", 1
  store i64 %".2442", i64* %".2134"
  br label %"head.28"
body.29.if:
  %".2163" = add i64 %".2140", 0
  %".2164" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2163", i64 0
  %".2165" = shufflevector <8 x i64> %".2164", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2166" = add <8 x i64> %".2165", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2167" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2168" = shufflevector <8 x i64> %".2167", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2169" = icmp slt <8 x i64> %".2166", %".2168"
  %".2170" = add i64 %".2140", 8
  %".2171" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2170", i64 0
  %".2172" = shufflevector <8 x i64> %".2171", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2173" = add <8 x i64> %".2172", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2174" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2175" = shufflevector <8 x i64> %".2174", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2176" = icmp slt <8 x i64> %".2173", %".2175"
  %".2177" = add i64 %".2152", 0
  %".2178" = icmp slt i64 %".2177", %".459"
  br i1 %".2178", label %"body.29.if.if", label %"body.29.if.endif"
body.29.endif:
  %".2238" = sub i64 %".459", 1
  %".2239" = add i64 %".2152", 0
  %".2240" = icmp slt i64 %".2239", %".459"
  %".2241" = select  i1 %".2240", i64 %".2239", i64 %".2238"
  %".2242" = mul i64 %".2241", %".74"
  %".2243" = mul i64 %".2129", 1
  %".2244" = add i64 %".2242", %".2243"
  %".2245" = getelementptr float, float* %".99", i64 %".2244"
  %".2246" = add i64 %".2152", 1
  %".2247" = icmp slt i64 %".2246", %".459"
  %".2248" = select  i1 %".2247", i64 %".2246", i64 %".2238"
  %".2249" = mul i64 %".2248", %".74"
  %".2250" = mul i64 %".2129", 1
  %".2251" = add i64 %".2249", %".2250"
  %".2252" = getelementptr float, float* %".99", i64 %".2251"
  %".2253" = add i64 %".2152", 2
  %".2254" = icmp slt i64 %".2253", %".459"
  %".2255" = select  i1 %".2254", i64 %".2253", i64 %".2238"
  %".2256" = mul i64 %".2255", %".74"
  %".2257" = mul i64 %".2129", 1
  %".2258" = add i64 %".2256", %".2257"
  %".2259" = getelementptr float, float* %".99", i64 %".2258"
  %".2260" = add i64 %".2152", 3
  %".2261" = icmp slt i64 %".2260", %".459"
  %".2262" = select  i1 %".2261", i64 %".2260", i64 %".2238"
  %".2263" = mul i64 %".2262", %".74"
  %".2264" = mul i64 %".2129", 1
  %".2265" = add i64 %".2263", %".2264"
  %".2266" = getelementptr float, float* %".99", i64 %".2265"
  store i64 0, i64* %".2267"
  br label %"head.30"
body.29.if.if:
  %".2180" = mul i64 %".2177", %".7"
  %".2181" = add i64 %".2180", %".2140"
  %".2182" = getelementptr float, float* %".2117", i64 %".2181"
  %".2183" = getelementptr float, float* %".2182", i64 0
  %".2184" = bitcast float* %".2183" to <8 x float>*
  %".2185" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2184", i32 4, <8 x i1> %".2169", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2185", <8 x float>* %".48"
  %".2187" = getelementptr float, float* %".2182", i64 8
  %".2188" = bitcast float* %".2187" to <8 x float>*
  %".2189" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2188", i32 4, <8 x i1> %".2176", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2189", <8 x float>* %".49"
  br label %"body.29.if.endif"
body.29.if.endif:
  %".2192" = add i64 %".2152", 1
  %".2193" = icmp slt i64 %".2192", %".459"
  br i1 %".2193", label %"body.29.if.endif.if", label %"body.29.if.endif.endif"
body.29.if.endif.if:
  %".2195" = mul i64 %".2192", %".7"
  %".2196" = add i64 %".2195", %".2140"
  %".2197" = getelementptr float, float* %".2117", i64 %".2196"
  %".2198" = getelementptr float, float* %".2197", i64 0
  %".2199" = bitcast float* %".2198" to <8 x float>*
  %".2200" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2199", i32 4, <8 x i1> %".2169", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2200", <8 x float>* %".50"
  %".2202" = getelementptr float, float* %".2197", i64 8
  %".2203" = bitcast float* %".2202" to <8 x float>*
  %".2204" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2203", i32 4, <8 x i1> %".2176", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2204", <8 x float>* %".51"
  br label %"body.29.if.endif.endif"
body.29.if.endif.endif:
  %".2207" = add i64 %".2152", 2
  %".2208" = icmp slt i64 %".2207", %".459"
  br i1 %".2208", label %"body.29.if.endif.endif.if", label %"body.29.if.endif.endif.endif"
body.29.if.endif.endif.if:
  %".2210" = mul i64 %".2207", %".7"
  %".2211" = add i64 %".2210", %".2140"
  %".2212" = getelementptr float, float* %".2117", i64 %".2211"
  %".2213" = getelementptr float, float* %".2212", i64 0
  %".2214" = bitcast float* %".2213" to <8 x float>*
  %".2215" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2214", i32 4, <8 x i1> %".2169", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2215", <8 x float>* %".52"
  %".2217" = getelementptr float, float* %".2212", i64 8
  %".2218" = bitcast float* %".2217" to <8 x float>*
  %".2219" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2218", i32 4, <8 x i1> %".2176", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2219", <8 x float>* %".53"
  br label %"body.29.if.endif.endif.endif"
body.29.if.endif.endif.endif:
  %".2222" = add i64 %".2152", 3
  %".2223" = icmp slt i64 %".2222", %".459"
  br i1 %".2223", label %"body.29.if.endif.endif.endif.if", label %"body.29.if.endif.endif.endif.endif"
body.29.if.endif.endif.endif.if:
  %".2225" = mul i64 %".2222", %".7"
  %".2226" = add i64 %".2225", %".2140"
  %".2227" = getelementptr float, float* %".2117", i64 %".2226"
  %".2228" = getelementptr float, float* %".2227", i64 0
  %".2229" = bitcast float* %".2228" to <8 x float>*
  %".2230" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2229", i32 4, <8 x i1> %".2169", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2230", <8 x float>* %".54"
  %".2232" = getelementptr float, float* %".2227", i64 8
  %".2233" = bitcast float* %".2232" to <8 x float>*
  %".2234" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2233", i32 4, <8 x i1> %".2176", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2234", <8 x float>* %".55"
  br label %"body.29.if.endif.endif.endif.endif"
body.29.if.endif.endif.endif.endif:
  br label %"body.29.endif"
head.30:
  %".2270" = load i64, i64* %".2267"
  %".2271" = icmp slt i64 %".2270", %".2132"
  br i1 %".2271", label %"body.30", label %"done.31"
body.30:
  %".2273" = mul i64 %".2270", %".7"
  %".2274" = getelementptr float, float* %".2143", i64 %".2273"
  %".2275" = getelementptr float, float* %".2274", i64 0
  %".2276" = bitcast float* %".2275" to <8 x float>*
  %".2277" = load <8 x float>, <8 x float>* %".2276", align 4
  %".2278" = getelementptr float, float* %".2274", i64 8
  %".2279" = bitcast float* %".2278" to <8 x float>*
  %".2280" = load <8 x float>, <8 x float>* %".2279", align 4
  %".2281" = mul i64 %".2270", 1
  %".2282" = getelementptr float, float* %".2245", i64 %".2281"
  %".2283" = load float, float* %".2282"
  %".2284" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2283", i64 0
  %".2285" = shufflevector <8 x float> %".2284", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2286" = load <8 x float>, <8 x float>* %".48"
  %".2287" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2285", <8 x float> %".2277", <8 x float> %".2286")
  store <8 x float> %".2287", <8 x float>* %".48"
  %".2289" = load <8 x float>, <8 x float>* %".49"
  %".2290" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2285", <8 x float> %".2280", <8 x float> %".2289")
  store <8 x float> %".2290", <8 x float>* %".49"
  %".2292" = getelementptr float, float* %".2252", i64 %".2281"
  %".2293" = load float, float* %".2292"
  %".2294" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2293", i64 0
  %".2295" = shufflevector <8 x float> %".2294", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2296" = load <8 x float>, <8 x float>* %".50"
  %".2297" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2295", <8 x float> %".2277", <8 x float> %".2296")
  store <8 x float> %".2297", <8 x float>* %".50"
  %".2299" = load <8 x float>, <8 x float>* %".51"
  %".2300" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2295", <8 x float> %".2280", <8 x float> %".2299")
  store <8 x float> %".2300", <8 x float>* %".51"
  %".2302" = getelementptr float, float* %".2259", i64 %".2281"
  %".2303" = load float, float* %".2302"
  %".2304" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2303", i64 0
  %".2305" = shufflevector <8 x float> %".2304", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2306" = load <8 x float>, <8 x float>* %".52"
  %".2307" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2305", <8 x float> %".2277", <8 x float> %".2306")
  store <8 x float> %".2307", <8 x float>* %".52"
  %".2309" = load <8 x float>, <8 x float>* %".53"
  %".2310" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2305", <8 x float> %".2280", <8 x float> %".2309")
  store <8 x float> %".2310", <8 x float>* %".53"
  %".2312" = getelementptr float, float* %".2266", i64 %".2281"
  %".2313" = load float, float* %".2312"
  %".2314" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2313", i64 0
  %".2315" = shufflevector <8 x float> %".2314", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2316" = load <8 x float>, <8 x float>* %".54"
  %".2317" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2315", <8 x float> %".2277", <8 x float> %".2316")
  store <8 x float> %".2317", <8 x float>* %".54"
  %".2319" = load <8 x float>, <8 x float>* %".55"
  %".2320" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2315", <8 x float> %".2280", <8 x float> %".2319")
  store <8 x float> %".2320", <8 x float>* %".55"
  %".2322" = add nsw i64 %".2270", 1
  store i64 %".2322", i64* %".2267"
  br label %"head.30"
done.31:
  %".2325" = add i64 %".2140", 0
  %".2326" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2325", i64 0
  %".2327" = shufflevector <8 x i64> %".2326", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2328" = add <8 x i64> %".2327", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2329" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2330" = shufflevector <8 x i64> %".2329", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2331" = icmp slt <8 x i64> %".2328", %".2330"
  %".2332" = add i64 %".2140", 8
  %".2333" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2332", i64 0
  %".2334" = shufflevector <8 x i64> %".2333", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2335" = add <8 x i64> %".2334", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2336" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2337" = shufflevector <8 x i64> %".2336", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2338" = icmp slt <8 x i64> %".2335", %".2337"
  %".2339" = add i64 %".2152", 0
  %".2340" = icmp slt i64 %".2339", %".459"
  br i1 %".2340", label %"done.31.if", label %"done.31.endif"
done.31.if:
  %".2342" = mul i64 %".2339", %".7"
  %".2343" = add i64 %".2342", %".2140"
  %".2344" = getelementptr float, float* %".2117", i64 %".2343"
  %".2345" = getelementptr float, float* %".2344", i64 0
  %".2346" = bitcast float* %".2345" to <8 x float>*
  %".2347" = load <8 x float>, <8 x float>* %".48"
  %".2348" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2331")
  br i1 %".2348", label %"done.31.if.if", label %"done.31.if.else"
done.31.endif:
  %".2364" = add i64 %".2152", 1
  %".2365" = icmp slt i64 %".2364", %".459"
  br i1 %".2365", label %"done.31.endif.if", label %"done.31.endif.endif"
done.31.if.if:
  store <8 x float> %".2347", <8 x float>* %".2346", align 4
  br label %"done.31.if.endif"
done.31.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2347", <8 x float>* %".2346", i32 4, <8 x i1> %".2331")
  br label %"done.31.if.endif"
done.31.if.endif:
  %".2354" = getelementptr float, float* %".2344", i64 8
  %".2355" = bitcast float* %".2354" to <8 x float>*
  %".2356" = load <8 x float>, <8 x float>* %".49"
  %".2357" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2338")
  br i1 %".2357", label %"done.31.if.endif.if", label %"done.31.if.endif.else"
done.31.if.endif.if:
  store <8 x float> %".2356", <8 x float>* %".2355", align 4
  br label %"done.31.if.endif.endif"
done.31.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2356", <8 x float>* %".2355", i32 4, <8 x i1> %".2338")
  br label %"done.31.if.endif.endif"
done.31.if.endif.endif:
  br label %"done.31.endif"
done.31.endif.if:
  %".2367" = mul i64 %".2364", %".7"
  %".2368" = add i64 %".2367", %".2140"
  %".2369" = getelementptr float, float* %".2117", i64 %".2368"
  %".2370" = getelementptr float, float* %".2369", i64 0
  %".2371" = bitcast float* %".2370" to <8 x float>*
  %".2372" = load <8 x float>, <8 x float>* %".50"
  %".2373" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2331")
  br i1 %".2373", label %"done.31.endif.if.if", label %"done.31.endif.if.else"
done.31.endif.endif:
  %".2389" = add i64 %".2152", 2
  %".2390" = icmp slt i64 %".2389", %".459"
  br i1 %".2390", label %"done.31.endif.endif.if", label %"done.31.endif.endif.endif"
done.31.endif.if.if:
  store <8 x float> %".2372", <8 x float>* %".2371", align 4
  br label %"done.31.endif.if.endif"
done.31.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2372", <8 x float>* %".2371", i32 4, <8 x i1> %".2331")
  br label %"done.31.endif.if.endif"
done.31.endif.if.endif:
  %".2379" = getelementptr float, float* %".2369", i64 8
  %".2380" = bitcast float* %".2379" to <8 x float>*
  %".2381" = load <8 x float>, <8 x float>* %".51"
  %".2382" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2338")
  br i1 %".2382", label %"done.31.endif.if.endif.if", label %"done.31.endif.if.endif.else"
done.31.endif.if.endif.if:
  store <8 x float> %".2381", <8 x float>* %".2380", align 4
  br label %"done.31.endif.if.endif.endif"
done.31.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2381", <8 x float>* %".2380", i32 4, <8 x i1> %".2338")
  br label %"done.31.endif.if.endif.endif"
done.31.endif.if.endif.endif:
  br label %"done.31.endif.endif"
done.31.endif.endif.if:
  %".2392" = mul i64 %".2389", %".7"
  %".2393" = add i64 %".2392", %".2140"
  %".2394" = getelementptr float, float* %".2117", i64 %".2393"
  %".2395" = getelementptr float, float* %".2394", i64 0
  %".2396" = bitcast float* %".2395" to <8 x float>*
  %".2397" = load <8 x float>, <8 x float>* %".52"
  %".2398" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2331")
  br i1 %".2398", label %"done.31.endif.endif.if.if", label %"done.31.endif.endif.if.else"
done.31.endif.endif.endif:
  %".2414" = add i64 %".2152", 3
  %".2415" = icmp slt i64 %".2414", %".459"
  br i1 %".2415", label %"done.31.endif.endif.endif.if", label %"done.31.endif.endif.endif.endif"
done.31.endif.endif.if.if:
  store <8 x float> %".2397", <8 x float>* %".2396", align 4
  br label %"done.31.endif.endif.if.endif"
done.31.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2397", <8 x float>* %".2396", i32 4, <8 x i1> %".2331")
  br label %"done.31.endif.endif.if.endif"
done.31.endif.endif.if.endif:
  %".2404" = getelementptr float, float* %".2394", i64 8
  %".2405" = bitcast float* %".2404" to <8 x float>*
  %".2406" = load <8 x float>, <8 x float>* %".53"
  %".2407" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2338")
  br i1 %".2407", label %"done.31.endif.endif.if.endif.if", label %"done.31.endif.endif.if.endif.else"
done.31.endif.endif.if.endif.if:
  store <8 x float> %".2406", <8 x float>* %".2405", align 4
  br label %"done.31.endif.endif.if.endif.endif"
done.31.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2406", <8 x float>* %".2405", i32 4, <8 x i1> %".2338")
  br label %"done.31.endif.endif.if.endif.endif"
done.31.endif.endif.if.endif.endif:
  br label %"done.31.endif.endif.endif"
done.31.endif.endif.endif.if:
  %".2417" = mul i64 %".2414", %".7"
  %".2418" = add i64 %".2417", %".2140"
  %".2419" = getelementptr float, float* %".2117", i64 %".2418"
  %".2420" = getelementptr float, float* %".2419", i64 0
  %".2421" = bitcast float* %".2420" to <8 x float>*
  %".2422" = load <8 x float>, <8 x float>* %".54"
  %".2423" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2331")
  br i1 %".2423", label %"done.31.endif.endif.endif.if.if", label %"done.31.endif.endif.endif.if.else"
done.31.endif.endif.endif.endif:
  %".2439" = add nsw i64 %".2149", 1
  store i64 %".2439", i64* %".2146"
  br label %"head.29"
done.31.endif.endif.endif.if.if:
  store <8 x float> %".2422", <8 x float>* %".2421", align 4
  br label %"done.31.endif.endif.endif.if.endif"
done.31.endif.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2422", <8 x float>* %".2421", i32 4, <8 x i1> %".2331")
  br label %"done.31.endif.endif.endif.if.endif"
done.31.endif.endif.endif.if.endif:
  %".2429" = getelementptr float, float* %".2419", i64 8
  %".2430" = bitcast float* %".2429" to <8 x float>*
  %".2431" = load <8 x float>, <8 x float>* %".55"
  %".2432" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2338")
  br i1 %".2432", label %"done.31.endif.endif.endif.if.endif.if", label %"done.31.endif.endif.endif.if.endif.else"
done.31.endif.endif.endif.if.endif.if:
  store <8 x float> %".2431", <8 x float>* %".2430", align 4
  br label %"done.31.endif.endif.endif.if.endif.endif"
done.31.endif.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2431", <8 x float>* %".2430", i32 4, <8 x i1> %".2338")
  br label %"done.31.endif.endif.endif.if.endif.endif"
done.31.endif.endif.endif.if.endif.endif:
  br label %"done.31.endif.endif.endif.endif"
head.31:
  %".2457" = load i64, i64* %".2454"
  %".2458" = icmp slt i64 %".2457", %".2453"
  br i1 %".2458", label %"body.31", label %"done.32"
body.31:
  %".2460" = mul i64 %".2457", 16
  %".2461" = getelementptr float, float* %".2449", i64 %".2460"
  store i64 0, i64* %".2462"
  br label %"head.32"
done.32:
  %".2762" = add nsw i64 %".453", 1
  store i64 %".2762", i64* %".450"
  br label %"head.7"
head.32:
  %".2465" = load i64, i64* %".2462"
  %".2466" = icmp slt i64 %".2465", %".2452"
  br i1 %".2466", label %"body.32", label %"done.33"
body.32:
  %".2468" = mul i64 %".2465", 4
  %".2469" = add i64 %".488", %".2468"
  %".2470" = icmp sgt i64 1, 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".48"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".49"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".50"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".51"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".52"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".53"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".54"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".55"
  br i1 %".2470", label %"body.32.if", label %"body.32.endif"
done.33:
  %".2759" = add nsw i64 %".2457", 1
  store i64 %".2759", i64* %".2454"
  br label %"head.31"
body.32.if:
  %".2480" = add i64 %".2460", 0
  %".2481" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2480", i64 0
  %".2482" = shufflevector <8 x i64> %".2481", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2483" = add <8 x i64> %".2482", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2484" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2485" = shufflevector <8 x i64> %".2484", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2486" = icmp slt <8 x i64> %".2483", %".2485"
  %".2487" = add i64 %".2460", 8
  %".2488" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2487", i64 0
  %".2489" = shufflevector <8 x i64> %".2488", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2490" = add <8 x i64> %".2489", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2491" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2492" = shufflevector <8 x i64> %".2491", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2493" = icmp slt <8 x i64> %".2490", %".2492"
  %".2494" = add i64 %".2469", 0
  %".2495" = icmp slt i64 %".2494", %".489"
  br i1 %".2495", label %"body.32.if.if", label %"body.32.if.endif"
body.32.endif:
  %".2555" = sub i64 %".489", 1
  %".2556" = add i64 %".2469", 0
  %".2557" = icmp slt i64 %".2556", %".489"
  %".2558" = select  i1 %".2557", i64 %".2556", i64 %".2555"
  %".2559" = mul i64 %".2558", 1
  %".2560" = mul i64 0, %".74"
  %".2561" = add i64 %".2559", %".2560"
  %".2562" = getelementptr float, float* %".99", i64 %".2561"
  %".2563" = add i64 %".2469", 1
  %".2564" = icmp slt i64 %".2563", %".489"
  %".2565" = select  i1 %".2564", i64 %".2563", i64 %".2555"
  %".2566" = mul i64 %".2565", 1
  %".2567" = mul i64 0, %".74"
  %".2568" = add i64 %".2566", %".2567"
  %".2569" = getelementptr float, float* %".99", i64 %".2568"
  %".2570" = add i64 %".2469", 2
  %".2571" = icmp slt i64 %".2570", %".489"
  %".2572" = select  i1 %".2571", i64 %".2570", i64 %".2555"
  %".2573" = mul i64 %".2572", 1
  %".2574" = mul i64 0, %".74"
  %".2575" = add i64 %".2573", %".2574"
  %".2576" = getelementptr float, float* %".99", i64 %".2575"
  %".2577" = add i64 %".2469", 3
  %".2578" = icmp slt i64 %".2577", %".489"
  %".2579" = select  i1 %".2578", i64 %".2577", i64 %".2555"
  %".2580" = mul i64 %".2579", 1
  %".2581" = mul i64 0, %".74"
  %".2582" = add i64 %".2580", %".2581"
  %".2583" = getelementptr float, float* %".99", i64 %".2582"
  store i64 0, i64* %".2584"
  br label %"head.33"
body.32.if.if:
  %".2497" = mul i64 %".2494", %".7"
  %".2498" = add i64 %".2497", %".2460"
  %".2499" = getelementptr float, float* %".108", i64 %".2498"
  %".2500" = getelementptr float, float* %".2499", i64 0
  %".2501" = bitcast float* %".2500" to <8 x float>*
  %".2502" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2501", i32 4, <8 x i1> %".2486", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2502", <8 x float>* %".48"
  %".2504" = getelementptr float, float* %".2499", i64 8
  %".2505" = bitcast float* %".2504" to <8 x float>*
  %".2506" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2505", i32 4, <8 x i1> %".2493", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2506", <8 x float>* %".49"
  br label %"body.32.if.endif"
body.32.if.endif:
  %".2509" = add i64 %".2469", 1
  %".2510" = icmp slt i64 %".2509", %".489"
  br i1 %".2510", label %"body.32.if.endif.if", label %"body.32.if.endif.endif"
body.32.if.endif.if:
  %".2512" = mul i64 %".2509", %".7"
  %".2513" = add i64 %".2512", %".2460"
  %".2514" = getelementptr float, float* %".108", i64 %".2513"
  %".2515" = getelementptr float, float* %".2514", i64 0
  %".2516" = bitcast float* %".2515" to <8 x float>*
  %".2517" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2516", i32 4, <8 x i1> %".2486", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2517", <8 x float>* %".50"
  %".2519" = getelementptr float, float* %".2514", i64 8
  %".2520" = bitcast float* %".2519" to <8 x float>*
  %".2521" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2520", i32 4, <8 x i1> %".2493", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2521", <8 x float>* %".51"
  br label %"body.32.if.endif.endif"
body.32.if.endif.endif:
  %".2524" = add i64 %".2469", 2
  %".2525" = icmp slt i64 %".2524", %".489"
  br i1 %".2525", label %"body.32.if.endif.endif.if", label %"body.32.if.endif.endif.endif"
body.32.if.endif.endif.if:
  %".2527" = mul i64 %".2524", %".7"
  %".2528" = add i64 %".2527", %".2460"
  %".2529" = getelementptr float, float* %".108", i64 %".2528"
  %".2530" = getelementptr float, float* %".2529", i64 0
  %".2531" = bitcast float* %".2530" to <8 x float>*
  %".2532" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2531", i32 4, <8 x i1> %".2486", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2532", <8 x float>* %".52"
  %".2534" = getelementptr float, float* %".2529", i64 8
  %".2535" = bitcast float* %".2534" to <8 x float>*
  %".2536" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2535", i32 4, <8 x i1> %".2493", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2536", <8 x float>* %".53"
  br label %"body.32.if.endif.endif.endif"
body.32.if.endif.endif.endif:
  %".2539" = add i64 %".2469", 3
  %".2540" = icmp slt i64 %".2539", %".489"
  br i1 %".2540", label %"body.32.if.endif.endif.endif.if", label %"body.32.if.endif.endif.endif.endif"
body.32.if.endif.endif.endif.if:
  %".2542" = mul i64 %".2539", %".7"
  %".2543" = add i64 %".2542", %".2460"
  %".2544" = getelementptr float, float* %".108", i64 %".2543"
  %".2545" = getelementptr float, float* %".2544", i64 0
  %".2546" = bitcast float* %".2545" to <8 x float>*
  %".2547" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2546", i32 4, <8 x i1> %".2486", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2547", <8 x float>* %".54"
  %".2549" = getelementptr float, float* %".2544", i64 8
  %".2550" = bitcast float* %".2549" to <8 x float>*
  %".2551" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2550", i32 4, <8 x i1> %".2493", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2551", <8 x float>* %".55"
  br label %"body.32.if.endif.endif.endif.endif"
body.32.if.endif.endif.endif.endif:
  br label %"body.32.endif"
head.33:
  %".2587" = load i64, i64* %".2584"
  %".2588" = icmp slt i64 %".2587", %".459"
  br i1 %".2588", label %"body.33", label %"done.34"
body.33:
  %".2590" = mul i64 %".2587", %".7"
  %".2591" = getelementptr float, float* %".2461", i64 %".2590"
  %".2592" = getelementptr float, float* %".2591", i64 0
  %".2593" = bitcast float* %".2592" to <8 x float>*
  %".2594" = load <8 x float>, <8 x float>* %".2593", align 4
  %".2595" = getelementptr float, float* %".2591", i64 8
  %".2596" = bitcast float* %".2595" to <8 x float>*
  %".2597" = load <8 x float>, <8 x float>* %".2596", align 4
  %".2598" = mul i64 %".2587", %".74"
  %".2599" = getelementptr float, float* %".2562", i64 %".2598"
  %".2600" = load float, float* %".2599"
  %".2601" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2600", i64 0
  %".2602" = shufflevector <8 x float> %".2601", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2603" = load <8 x float>, <8 x float>* %".48"
  %".2604" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2602", <8 x float> %".2594", <8 x float> %".2603")
  store <8 x float> %".2604", <8 x float>* %".48"
  %".2606" = load <8 x float>, <8 x float>* %".49"
  %".2607" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2602", <8 x float> %".2597", <8 x float> %".2606")
  store <8 x float> %".2607", <8 x float>* %".49"
  %".2609" = getelementptr float, float* %".2569", i64 %".2598"
  %".2610" = load float, float* %".2609"
  %".2611" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2610", i64 0
  %".2612" = shufflevector <8 x float> %".2611", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2613" = load <8 x float>, <8 x float>* %".50"
  %".2614" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2612", <8 x float> %".2594", <8 x float> %".2613")
  store <8 x float> %".2614", <8 x float>* %".50"
  %".2616" = load <8 x float>, <8 x float>* %".51"
  %".2617" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2612", <8 x float> %".2597", <8 x float> %".2616")
  store <8 x float> %".2617", <8 x float>* %".51"
  %".2619" = getelementptr float, float* %".2576", i64 %".2598"
  %".2620" = load float, float* %".2619"
  %".2621" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2620", i64 0
  %".2622" = shufflevector <8 x float> %".2621", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2623" = load <8 x float>, <8 x float>* %".52"
  %".2624" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2622", <8 x float> %".2594", <8 x float> %".2623")
  store <8 x float> %".2624", <8 x float>* %".52"
  %".2626" = load <8 x float>, <8 x float>* %".53"
  %".2627" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2622", <8 x float> %".2597", <8 x float> %".2626")
  store <8 x float> %".2627", <8 x float>* %".53"
  %".2629" = getelementptr float, float* %".2583", i64 %".2598"
  %".2630" = load float, float* %".2629"
  %".2631" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2630", i64 0
  %".2632" = shufflevector <8 x float> %".2631", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2633" = load <8 x float>, <8 x float>* %".54"
  %".2634" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2632", <8 x float> %".2594", <8 x float> %".2633")
  store <8 x float> %".2634", <8 x float>* %".54"
  %".2636" = load <8 x float>, <8 x float>* %".55"
  %".2637" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2632", <8 x float> %".2597", <8 x float> %".2636")
  store <8 x float> %".2637", <8 x float>* %".55"
  %".2639" = add nsw i64 %".2587", 1
  store i64 %".2639", i64* %".2584"
  br label %"head.33"
done.34:
  %".2642" = add i64 %".2460", 0
  %".2643" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2642", i64 0
  %".2644" = shufflevector <8 x i64> %".2643", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2645" = add <8 x i64> %".2644", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2646" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2647" = shufflevector <8 x i64> %".2646", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2648" = icmp slt <8 x i64> %".2645", %".2647"
  %".2649" = add i64 %".2460", 8
  %".2650" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2649", i64 0
  %".2651" = shufflevector <8 x i64> %".2650", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2652" = add <8 x i64> %".2651", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2653" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2654" = shufflevector <8 x i64> %".2653", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2655" = icmp slt <8 x i64> %".2652", %".2654"
  %".2656" = add i64 %".2469", 0
  %".2657" = icmp slt i64 %".2656", %".489"
  br i1 %".2657", label %"done.34.if", label %"done.34.endif"
done.34.if:
  %".2659" = mul i64 %".2656", %".7"
  %".2660" = add i64 %".2659", %".2460"
  %".2661" = getelementptr float, float* %".108", i64 %".2660"
  %".2662" = getelementptr float, float* %".2661", i64 0
  %".2663" = bitcast float* %".2662" to <8 x float>*
  %".2664" = load <8 x float>, <8 x float>* %".48"
  %".2665" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2648")
  br i1 %".2665", label %"done.34.if.if", label %"done.34.if.else"
done.34.endif:
  %".2681" = add i64 %".2469", 1
  %".2682" = icmp slt i64 %".2681", %".489"
  br i1 %".2682", label %"done.34.endif.if", label %"done.34.endif.endif"
done.34.if.if:
  store <8 x float> %".2664", <8 x float>* %".2663", align 4
  br label %"done.34.if.endif"
done.34.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2664", <8 x float>* %".2663", i32 4, <8 x i1> %".2648")
  br label %"done.34.if.endif"
done.34.if.endif:
  %".2671" = getelementptr float, float* %".2661", i64 8
  %".2672" = bitcast float* %".2671" to <8 x float>*
  %".2673" = load <8 x float>, <8 x float>* %".49"
  %".2674" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2655")
  br i1 %".2674", label %"done.34.if.endif.if", label %"done.34.if.endif.else"
done.34.if.endif.if:
  store <8 x float> %".2673", <8 x float>* %".2672", align 4
  br label %"done.34.if.endif.endif"
done.34.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2673", <8 x float>* %".2672", i32 4, <8 x i1> %".2655")
  br label %"done.34.if.endif.endif"
done.34.if.endif.endif:
  br label %"done.34.endif"
done.34.endif.if:
  %".2684" = mul i64 %".2681", %".7"
  %".2685" = add i64 %".2684", %".2460"
  %".2686" = getelementptr float, float* %".108", i64 %".2685"
  %".2687" = getelementptr float, float* %".2686", i64 0
  %".2688" = bitcast float* %".2687" to <8 x float>*
  %".2689" = load <8 x float>, <8 x float>* %".50"
  %".2690" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2648")
  br i1 %".2690", label %"done.34.endif.if.if", label %"done.34.endif.if.else"
done.34.endif.endif:
  %".2706" = add i64 %".2469", 2
  %".2707" = icmp slt i64 %".2706", %".489"
  br i1 %".2707", label %"done.34.endif.endif.if", label %"done.34.endif.endif.endif"
done.34.endif.if.if:
  store <8 x float> %".2689", <8 x float>* %".2688", align 4
  br label %"done.34.endif.if.endif"
done.34.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2689", <8 x float>* %".2688", i32 4, <8 x i1> %".2648")
  br label %"done.34.endif.if.endif"
done.34.endif.if.endif:
  %".2696" = getelementptr float, float* %".2686", i64 8
  %".2697" = bitcast float* %".2696" to <8 x float>*
  %".2698" = load <8 x float>, <8 x float>* %".51"
  %".2699" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2655")
  br i1 %".2699", label %"done.34.endif.if.endif.if", label %"done.34.endif.if.endif.else"
done.34.endif.if.endif.if:
  store <8 x float> %".2698", <8 x float>* %".2697", align 4
  br label %"done.34.endif.if.endif.endif"
done.34.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2698", <8 x float>* %".2697", i32 4, <8 x i1> %".2655")
  br label %"done.34.endif.if.endif.endif"
done.34.endif.if.endif.endif:
  br label %"done.34.endif.endif"
done.34.endif.endif.if:
  %".2709" = mul i64 %".2706", %".7"
  %".2710" = add i64 %".2709", %".2460"
  %".2711" = getelementptr float, float* %".108", i64 %".2710"
  %".2712" = getelementptr float, float* %".2711", i64 0
  %".2713" = bitcast float* %".2712" to <8 x float>*
  %".2714" = load <8 x float>, <8 x float>* %".52"
  %".2715" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2648")
  br i1 %".2715", label %"done.34.endif.endif.if.if", label %"done.34.endif.endif.if.else"
done.34.endif.endif.endif:
  %".2731" = add i64 %".2469", 3
  %".2732" = icmp slt i64 %".2731", %".489"
  br i1 %".2732", label %"done.34.endif.endif.endif.if", label %"done.34.endif.endif.endif.endif"
done.34.endif.endif.if.if:
  store <8 x float> %".2714", <8 x float>* %".2713", align 4
  br label %"done.34.endif.endif.if.endif"
done.34.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2714", <8 x float>* %".2713", i32 4, <8 x i1> %".2648")
  br label %"done.34.endif.endif.if.endif"
done.34.endif.endif.if.endif:
  %".2721" = getelementptr float, float* %".2711", i64 8
  %".2722" = bitcast float* %".2721" to <8 x float>*
  %".2723" = load <8 x float>, <8 x float>* %".53"
  %".2724" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2655")
  br i1 %".2724", label %"done.34.endif.endif.if.endif.if", label %"done.34.endif.endif.if.endif.else"
done.34.endif.endif.if.endif.if:
  store <8 x float> %".2723", <8 x float>* %".2722", align 4
  br label %"done.34.endif.endif.if.endif.endif"
done.34.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2723", <8 x float>* %".2722", i32 4, <8 x i1> %".2655")
  br label %"done.34.endif.endif.if.endif.endif"
done.34.endif.endif.if.endif.endif:
  br label %"done.34.endif.endif.endif"
done.34.endif.endif.endif.if:
  %".2734" = mul i64 %".2731", %".7"
  %".2735" = add i64 %".2734", %".2460"
  %".2736" = getelementptr float, float* %".108", i64 %".2735"
  %".2737" = getelementptr float, float* %".2736", i64 0
  %".2738" = bitcast float* %".2737" to <8 x float>*
  %".2739" = load <8 x float>, <8 x float>* %".54"
  %".2740" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2648")
  br i1 %".2740", label %"done.34.endif.endif.endif.if.if", label %"done.34.endif.endif.endif.if.else"
done.34.endif.endif.endif.endif:
  %".2756" = add nsw i64 %".2465", 1
  store i64 %".2756", i64* %".2462"
  br label %"head.32"
done.34.endif.endif.endif.if.if:
  store <8 x float> %".2739", <8 x float>* %".2738", align 4
  br label %"done.34.endif.endif.endif.if.endif"
done.34.endif.endif.endif.if.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2739", <8 x float>* %".2738", i32 4, <8 x i1> %".2648")
  br label %"done.34.endif.endif.endif.if.endif"
done.34.endif.endif.endif.if.endif:
  %".2746" = getelementptr float, float* %".2736", i64 8
  %".2747" = bitcast float* %".2746" to <8 x float>*
  %".2748" = load <8 x float>, <8 x float>* %".55"
  %".2749" = call i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".2655")
  br i1 %".2749", label %"done.34.endif.endif.endif.if.endif.if", label %"done.34.endif.endif.endif.if.endif.else"
done.34.endif.endif.endif.if.endif.if:
  store <8 x float> %".2748", <8 x float>* %".2747", align 4
  br label %"done.34.endif.endif.endif.if.endif.endif"
done.34.endif.endif.endif.if.endif.else:
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2748", <8 x float>* %".2747", i32 4, <8 x i1> %".2655")
  br label %"done.34.endif.endif.endif.if.endif.endif"
done.34.endif.endif.endif.if.endif.endif:
  br label %"done.34.endif.endif.endif.endif"
}

declare <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1", <8 x float> %".2", <8 x float> %".3")

declare void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1", <8 x float>* %".2", i32 %".3", <8 x i1> %".4")

declare i1 @"llvm.vector.reduce.and.v8i1"(<8 x i1> %".1")

declare <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1", i32 %".2", <8 x i1> %".3", <8 x float> %".4")

declare void @"llvm.memset.p0.i64"(i8* %".1", i8 %".2", i64 %".3", i1 %".4")

declare void @"llvm.memcpy.p0.p0.i64"(i8* %".1", i8* %".2", i64 %".3", i1 %".4")

declare <8 x float> @"llvm.rint.v8f32"(<8 x float> %".1")

define internal void @"golden_attention_gradient_thunk"(i64* %".1") noinline
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
  %".13" = getelementptr i64, i64* %".1", i64 6
  %".14" = load i64, i64* %".13"
  %".15" = getelementptr i64, i64* %".1", i64 7
  %".16" = load i64, i64* %".15"
  %".17" = getelementptr i64, i64* %".1", i64 8
  %".18" = load i64, i64* %".17"
  %".19" = getelementptr i64, i64* %".1", i64 9
  %".20" = load i64, i64* %".19"
  %".21" = getelementptr i64, i64* %".1", i64 10
  %".22" = load i64, i64* %".21"
  %".23" = getelementptr i64, i64* %".1", i64 11
  %".24" = load i64, i64* %".23"
  %".25" = getelementptr i64, i64* %".1", i64 12
  %".26" = load i64, i64* %".25"
  %".27" = getelementptr i64, i64* %".1", i64 13
  %".28" = load i64, i64* %".27"
  %".29" = getelementptr i64, i64* %".1", i64 14
  %".30" = load i64, i64* %".29"
  %".31" = inttoptr i64 %".30" to float*
  %".32" = getelementptr i64, i64* %".1", i64 15
  %".33" = load i64, i64* %".32"
  %".34" = getelementptr i64, i64* %".1", i64 16
  %".35" = load i64, i64* %".34"
  %".36" = inttoptr i64 %".35" to float*
  %".37" = getelementptr i64, i64* %".1", i64 17
  %".38" = load i64, i64* %".37"
  %".39" = getelementptr i64, i64* %".1", i64 18
  %".40" = load i64, i64* %".39"
  %".41" = inttoptr i64 %".40" to float*
  %".42" = getelementptr i64, i64* %".1", i64 19
  %".43" = load i64, i64* %".42"
  %".44" = getelementptr i64, i64* %".1", i64 20
  %".45" = load i64, i64* %".44"
  %".46" = inttoptr i64 %".45" to float*
  %".47" = getelementptr i64, i64* %".1", i64 21
  %".48" = load i64, i64* %".47"
  %".49" = getelementptr i64, i64* %".1", i64 22
  %".50" = load i64, i64* %".49"
  %".51" = inttoptr i64 %".50" to float*
  %".52" = getelementptr i64, i64* %".1", i64 23
  %".53" = load i64, i64* %".52"
  %".54" = getelementptr i64, i64* %".1", i64 24
  %".55" = load i64, i64* %".54"
  %".56" = inttoptr i64 %".55" to i64*
  %".57" = getelementptr i64, i64* %".1", i64 25
  %".58" = load i64, i64* %".57"
  %".59" = getelementptr i64, i64* %".1", i64 26
  %".60" = load i64, i64* %".59"
  %".61" = inttoptr i64 %".60" to i64*
  %".62" = getelementptr i64, i64* %".1", i64 27
  %".63" = load i64, i64* %".62"
  %".64" = getelementptr i64, i64* %".1", i64 28
  %".65" = load i64, i64* %".64"
  %".66" = inttoptr i64 %".65" to float*
  %".67" = getelementptr i64, i64* %".1", i64 29
  %".68" = load i64, i64* %".67"
  %".69" = getelementptr i64, i64* %".1", i64 30
  %".70" = load i64, i64* %".69"
  %".71" = inttoptr i64 %".70" to float*
  %".72" = getelementptr i64, i64* %".1", i64 31
  %".73" = load i64, i64* %".72"
  call void @"golden_attention_gradient_body"(i64 %".4", i64 %".6", i64 %".8", i64 %".10", i64 %".12", i64 %".14", i64 %".16", i64 %".18", i64 %".20", i64 %".22", i64 %".24", i64 %".26", i64 %".28", float* %".31", i64 %".33", float* %".36", i64 %".38", float* %".41", i64 %".43", float* %".46", i64 %".48", float* %".51", i64 %".53", i64* %".56", i64 %".58", i64* %".61", i64 %".63", float* %".66", i64 %".68", float* %".71", i64 %".73")
  ret void
}

@"golden_attention_gradient_arguments" = internal constant [22 x [5 x i32]] [[5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 9, i32 7, i32 257], [5 x i32] [i32 1, i32 1, i32 9, i32 7, i32 1281], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 1281], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 1281]]
define i8* @"golden_attention_gradient"(i8* %".1", i8** %".2", i64 %".3")
{
enter:
  %".5" = bitcast [22 x [5 x i32]]* @"golden_attention_gradient_arguments" to i32*
  %".6" = bitcast void (i64*)* @"golden_attention_gradient_thunk" to i8*
  %".7" = call i8* @"tj_enter"(i8** %".2", i64 %".3", i32* %".5", i64 22, i64 32, i8* %".6")
  ret i8* %".7"
}

declare i8* @"tj_enter"(i8** %".1", i64 %".2", i32* %".3", i64 %".4", i64 %".5", i8* %".6")

